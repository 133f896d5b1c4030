import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api.ts';
import { joinPracticeSet, PRACTICE_KEY, redeemCdkey } from './queries.ts';
import { usePracticeFailure } from './StartPracticeModal.tsx';

/** What joining needs to know of a set: a locked one asks for an activation code first. */
export interface JoinableSet {
  id: number;
  name: string;
  locked: boolean;
}

/**
 * Joining a practice set from a list or its page. A set locked behind an activation code opens a dialog that takes
 * the code, redeems it (`/cdkey/redeem`) and joins in one go, instead of answering the lock as an error; a join the
 * server still refuses as locked (the code was used elsewhere meanwhile) opens the same dialog.
 */
export function useJoinSet() {
  const { t } = useTranslation(['practice', 'cdkeys', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const showFailure = usePracticeFailure();
  const [asking, setAsking] = useState<JoinableSet | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  const join = useMutation({
    mutationFn: (set: JoinableSet) => joinPracticeSet(set.id),
    onSuccess: async () => {
      void message.success(t('joined_ok'));
      setAsking(null);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: PRACTICE_KEY });
    },
    onError: (error, set) => {
      if (error instanceof ApiError && error.code === 'practice_locked') setAsking(set);
      else showFailure(error);
    },
  });
  const unlock = useMutation({
    mutationFn: async ({ set, code }: { set: JoinableSet; code: string }) => {
      await redeemCdkey(code);
      return set;
    },
    onSuccess: (set) => join.mutate({ ...set, locked: false }),
    onError: (error) => form.setFields([{ name: 'code', errors: [errorMessage(error)] }]),
  });

  const start = (set: JoinableSet) => (set.locked ? setAsking(set) : join.mutate(set));
  const dialog = (
    <Modal
      open={asking !== null}
      title={t('unlock_title', { name: asking?.name ?? '' })}
      okText={t('unlock_and_join')}
      cancelText={t('common:cancel')}
      confirmLoading={unlock.isPending || join.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        setAsking(null);
        form.resetFields();
      }}
      destroyOnHidden
      data-testid="practice-unlock"
    >
      <Alert type="info" showIcon title={t('unlock_help')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => asking && unlock.mutate({ set: asking, code: values.code.trim() })}
      >
        <Form.Item
          name="code"
          label={t('cdkeys:code')}
          rules={[{ required: true, whitespace: true, message: t('cdkeys:code_required') }]}
          extra={<Link to="/cdkey/mycdkey">{t('unlock_my_codes')}</Link>}
        >
          <Input maxLength={32} autoComplete="off" autoFocus data-testid="practice-unlock-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { start, joiningId: join.isPending ? join.variables?.id : undefined, dialog };
}
