import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { joinClassByCode, MY_CLASS_KEY, myClassQuery } from './queries.ts';

/** Messages for the refusals a student meets when joining; anything else shows the server's text. */
const JOIN_ERRORS: Record<string, string> = {
  already_in_class: 'class_error_already',
  group_closed: 'class_error_closed',
  not_found: 'class_error_unknown',
};

/** `/myinfo/class`: the class the student is in, and joining one by the code the teacher gives. */
export function ClassTab() {
  const { t } = useTranslation(['my-info', 'common']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ code: string }>();
  const mine = useQuery(myClassQuery());
  const join = useMutation({
    mutationFn: joinClassByCode,
    onSuccess: async () => {
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: MY_CLASS_KEY });
    },
  });
  const joinError =
    join.error instanceof ApiError && JOIN_ERRORS[join.error.code]
      ? t(JOIN_ERRORS[join.error.code]!, { message: join.error.message })
      : join.error
        ? errorMessage(join.error)
        : '';

  if (!mine.data) {
    return (
      <div className="page-loading">
        <Spin />
      </div>
    );
  }
  const current = mine.data.class;
  return (
    <div className="myinfo-class" data-testid="class-tab">
      {current ? (
        <Descriptions column={1} bordered size="small" title={t('class_current')} data-testid="my-class">
          <Descriptions.Item label={t('class_name')}>
            <span data-testid="my-class-name">{current.name}</span>{' '}
            {current.status === 'closed' && <Tag>{t('class_closed')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('class_teacher')}>{current.owner_nickname ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('class_joined_at')}>{formatTime(current.joined_at)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <>
          <Typography.Paragraph type="secondary" data-testid="no-class">
            {t('class_none')}
          </Typography.Paragraph>
          <Form
            form={form}
            layout="inline"
            onFinish={(values) => join.mutate(values.code.trim())}
            data-testid="join-class-form"
          >
            <Form.Item
              name="code"
              label={t('class_code')}
              rules={[{ required: true, whitespace: true, message: t('class_code_required') }]}
            >
              <Input maxLength={12} autoComplete="off" data-testid="join-class-code" />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={join.isPending} data-testid="join-class-submit">
                {t('class_join')}
              </Button>
            </Form.Item>
          </Form>
        </>
      )}
      {joinError && (
        <Alert type="error" showIcon message={joinError} style={{ marginTop: 16 }} data-testid="join-class-error" />
      )}
    </div>
  );
}
