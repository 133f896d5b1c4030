import type { TDataPacket } from '@app/contracts';
import { DATA_PACKET_LIMITS, ZFtpAddress, ZPacketName } from '@app/contracts/procedures/data-deployment.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { createPacket, updatePacket } from './queries.ts';

interface Values {
  name: string;
  path: string;
  ftp_address: string;
  ftp_user: string;
  ftp_password?: string;
  clear_password?: boolean;
}

const FIELDS = ['name', 'path', 'ftp_address', 'ftp_user', 'ftp_password'] as const;

/**
 * Create or edit a data packet. The stored password is never shown: when editing, an empty password field keeps
 * it ("unchanged"), a typed one replaces it, and "clear" removes it.
 */
export function PacketFormModal({
  open,
  packet,
  onClose,
  onSaved,
}: {
  open: boolean;
  packet?: TDataPacket;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['data-deployment', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const clearing = Form.useWatch('clear_password', form);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const fields = {
        name: values.name.trim(),
        path: (values.path ?? '').trim(),
        ftp_address: (values.ftp_address ?? '').trim(),
        ftp_user: (values.ftp_user ?? '').trim(),
      };
      if (!packet) return createPacket({ ...fields, ftp_password: values.ftp_password ?? '' });
      const password = values.clear_password ? '' : values.ftp_password ? values.ftp_password : undefined;
      return updatePacket({
        id: packet.id,
        ...fields,
        ...(password === undefined ? {} : { ftp_password: password }),
      });
    },
    onSuccess: () => {
      void message.success(t('common:saved'));
      onSaved();
    },
    onError: (error) => {
      if (!setFormErrors(form, error, FIELDS)) showError(error);
    },
  });

  return (
    <FormModal<Values>
      form={form}
      open={open}
      title={packet ? t('edit_title', { name: packet.name }) : t('create_title')}
      saving={save.isPending}
      saveTestId="packet-form-save"
      initialValues={{
        name: packet?.name ?? '',
        path: packet?.path ?? '',
        ftp_address: packet?.ftp_address ?? '',
        ftp_user: packet?.ftp_user ?? '',
      }}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('name')} rules={[zodRule(ZPacketName, t)]}>
        <Input maxLength={DATA_PACKET_LIMITS.name} showCount autoFocus data-testid="packet-name" />
      </Form.Item>
      <Form.Item name="path" label={t('path')} extra={t('path_help')}>
        <Input maxLength={DATA_PACKET_LIMITS.path} placeholder="/exports/cars" data-testid="packet-path" />
      </Form.Item>
      <Form.Item
        name="ftp_address"
        label={t('ftp_address')}
        extra={t('ftp_address_help')}
        rules={[zodRule(ZFtpAddress, t)]}
      >
        <Input maxLength={DATA_PACKET_LIMITS.address} placeholder="ftp.example.com:21" data-testid="packet-address" />
      </Form.Item>
      <Form.Item name="ftp_user" label={t('ftp_user')}>
        <Input maxLength={DATA_PACKET_LIMITS.user} autoComplete="off" data-testid="packet-user" />
      </Form.Item>
      <Form.Item name="ftp_password" label={t('ftp_password')} extra={t('password_help')}>
        <Input.Password
          maxLength={DATA_PACKET_LIMITS.password}
          autoComplete="new-password"
          disabled={clearing === true}
          placeholder={packet?.has_password ? t('password_unchanged') : t('password_none')}
          data-testid="packet-password"
        />
      </Form.Item>
      {packet?.has_password && (
        <Form.Item name="clear_password" valuePropName="checked">
          <Checkbox data-testid="packet-clear-password">{t('password_clear')}</Checkbox>
        </Form.Item>
      )}
    </FormModal>
  );
}
