import { INVITATION_LIMITS } from '@app/contracts/procedures/invitations.ts';
import { LIMITS } from '@app/contracts/rules.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Result, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiOutput } from '../../../shared/api.ts';
import { fieldErrorsOf } from '../../../shared/form-rules.ts';
import { inviteEmails } from '../queries.ts';

type Outcome = ApiOutput<'/invitation/invite-emails'>;

/** Lines of the list as the server counts them. */
const lineCount = (text: string) => text.split(/\r?\n/).length;

/** "Invite by email": one address per line; then the addresses mailed and those refused, with the reason. */
export function InviteEmailsModal({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation(['my-site', 'common']);
  const [form] = Form.useForm<{ emails: string }>();
  const send = useMutation({
    mutationFn: ({ emails }: { emails: string }) => inviteEmails(emails),
    onSuccess: (outcome) => {
      if (outcome.sent.length) onSent();
    },
    onError: (error) => form.setFields(fieldErrorsOf(error, ['emails'] as const)),
  });
  const outcome = send.data;
  const max = INVITATION_LIMITS.emailLines;

  return (
    <Modal
      open
      width={720}
      title={t('invite_emails')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        outcome
          ? [
              <Button key="more" onClick={() => send.reset()} data-testid="invite-emails-more">
                {t('invite_more')}
              </Button>,
              <Button key="close" type="primary" onClick={onClose}>
                {t('close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {t('common:cancel')}
              </Button>,
              <Button
                key="send"
                type="primary"
                loading={send.isPending}
                onClick={() => form.submit()}
                data-testid="invite-emails-submit"
              >
                {t('invite_emails_send')}
              </Button>,
            ]
      }
    >
      {outcome ? (
        <InviteOutcome outcome={outcome} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(values) => send.mutate(values)}>
          <Alert
            type="info"
            showIcon
            className="mysite-hint"
            title={t('invite_emails_hint', { max, hours: LIMITS.inviteHours })}
          />
          <Form.Item
            name="emails"
            rules={[
              { required: true, whitespace: true, message: t('invite_emails_required') },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && (lineCount(value) > max || value.length > INVITATION_LIMITS.emailText)) {
                    throw new Error(t('invite_emails_too_many', { max }));
                  }
                },
              },
            ]}
          >
            <Input.TextArea
              autoFocus
              rows={10}
              placeholder={t('invite_emails_placeholder')}
              data-testid="invite-emails-input"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function InviteOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('my-site');
  return (
    <div data-testid="invite-emails-outcome">
      <Result
        status={outcome.sent.length ? (outcome.failures.length ? 'warning' : 'success') : 'error'}
        title={outcome.sent.length ? t('invite_sent_title', { count: outcome.sent.length }) : t('invite_none_sent')}
        subTitle={
          outcome.sent.length > 0 && (
            <span data-testid="invite-emails-sent">
              {outcome.sent.map((email) => (
                <Tag key={email} color="green">
                  {email}
                </Tag>
              ))}
            </span>
          )
        }
      />
      {outcome.failures.length > 0 && (
        <Table
          className="mysite-failures"
          data-testid="invite-emails-failures"
          size="small"
          rowKey="line"
          pagination={false}
          scroll={{ y: 240 }}
          title={() => t('invite_failures_title', { count: outcome.failures.length })}
          dataSource={outcome.failures}
          columns={[
            { title: t('col_line'), dataIndex: 'line', width: 70 },
            { title: t('col_email'), dataIndex: 'email', ellipsis: true },
            {
              title: t('col_reason'),
              dataIndex: 'reason',
              width: 260,
              render: (reason: string) => <Tag color="red">{t(`reason_${reason}`)}</Tag>,
            },
          ]}
        />
      )}
    </div>
  );
}
