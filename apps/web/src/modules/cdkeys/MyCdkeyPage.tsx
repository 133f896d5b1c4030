import type { TMyCdkeyRow } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { myCdkeysQuery, redeemCdkey, useCdkeysChanged } from './queries.ts';

/**
 * `/cdkey/mycdkey`: the learner redeems an activation code (unlocking the practice sets of its category) and sees
 * the codes redeemed so far. When the organisation offers no codes, only a message.
 */
export function MyCdkeyPage() {
  const { t } = useTranslation(['cdkeys', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const changed = useCdkeysChanged();
  const mine = useQuery(myCdkeysQuery());
  const redeem = useMutation({
    mutationFn: redeemCdkey,
    onSuccess: async (result) => {
      const name = result.sub_category_name
        ? `${result.category_name} / ${result.sub_category_name}`
        : result.category_name;
      void message.success(t('redeemed', { name }));
      form.resetFields();
      await changed();
    },
    onError: (error) => showError(error),
  });

  if (mine.isError && !mine.data) return <LoadFailed error={mine.error} onRetry={() => mine.refetch()} />;
  if (mine.data?.hidden)
    return (
      <Card>
        <Result status="info" title={t('hidden_title')} subTitle={t('hidden_help')} data-testid="cdkey-hidden" />
      </Card>
    );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('redeem_title')}>
        <Alert type="info" showIcon message={t('redeem_help')} style={{ marginBottom: 16 }} />
        <Form form={form} layout="inline" onFinish={(values) => redeem.mutate(values.code.trim())}>
          <Form.Item name="code" rules={[{ required: true, whitespace: true, message: t('code_required') }]}>
            <Input
              placeholder={t('code_placeholder')}
              maxLength={32}
              style={{ width: 280 }}
              autoComplete="off"
              data-testid="cdkey-code"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={redeem.isPending} data-testid="cdkey-redeem">
              {t('redeem')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title={t('my_codes')}>
        <ResponsiveTable<TMyCdkeyRow>
          rowKey="id"
          loading={mine.isFetching}
          dataSource={mine.data?.list}
          locale={{ emptyText: mine.isLoading ? t('common:loading') : t('my_empty') }}
          pagination={false}
          data-testid="cdkey-mine"
          columns={[
            { title: t('code'), dataIndex: 'code', width: 200 },
            { title: t('batch'), dataIndex: 'batch_name' },
            {
              title: t('category'),
              render: (_: unknown, row) =>
                row.sub_category_name ? `${row.category_name} / ${row.sub_category_name}` : row.category_name,
            },
            { title: t('redeemed_at'), dataIndex: 'redeemed_at', width: 180, render: (v: string) => formatTime(v) },
          ]}
        />
      </Card>
    </Space>
  );
}
