import type { TInvitationRow } from '@app/contracts';
import { INVITATION_LIMITS } from '@app/contracts/procedures/invitations.ts';
import { LIMITS } from '@app/contracts/rules.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/form-rules.ts';
import { createInvitation, updateInvitation } from '../queries.ts';

interface Values {
  remarks: string;
}

/** Creating a link (remarks only; it lasts 48 h) or editing a link's remarks. */
export function InvitationFormModal({
  invitation,
  onClose,
  onSaved,
}: {
  invitation: TInvitationRow | null;
  onClose: () => void;
  onSaved: (row: TInvitationRow) => void;
}) {
  const { t } = useTranslation(['my-site', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: ({ remarks }: Values) =>
      invitation
        ? updateInvitation({ id: invitation.id, remarks: remarks.trim() })
        : createInvitation({ remarks: remarks.trim() }),
    onSuccess: (row) => {
      void message.success(t(invitation ? 'saved' : 'created'));
      onSaved(row);
    },
    onError: (error) => form.setFields(fieldErrorsOf(error, ['remarks'] as const)),
  });
  return (
    <Modal
      open
      title={t(invitation ? 'edit' : 'create')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'invitation-form-submit' }}
      destroyOnHidden
    >
      {!invitation && (
        <Alert type="info" showIcon className="mysite-hint" title={t('create_hint', { hours: LIMITS.inviteHours })} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ remarks: invitation?.remarks ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="remarks"
          label={t('col_remarks')}
          rules={[
            {
              max: INVITATION_LIMITS.remarks,
              message: t('remarks_too_long', { max: INVITATION_LIMITS.remarks }),
            },
          ]}
        >
          <Input.TextArea
            autoFocus
            rows={3}
            showCount
            maxLength={INVITATION_LIMITS.remarks}
            placeholder={t('remarks_placeholder')}
            data-testid="invitation-remarks"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
