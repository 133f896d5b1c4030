import { CopyOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Result, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiOutput, errorMessage } from '../../shared/api.ts';
import { copyText, invitationUrl } from '../../shared/copy-text.ts';
import { formatTime } from '../../shared/format.ts';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { createSiteInvitation, SITE_INVITATIONS_KEY, siteInvitationsQuery, siteOptionsQuery } from './queries.ts';

type Row = ApiOutput<'/site/invitation-list'>['list'][number];

/** Organisations to pick from (`/site/list`), searched by keyword as the person types. */
function useSiteOptions(keyword: string) {
  const sites = useQuery({
    ...siteOptionsQuery(keyword),
    placeholderData: keepPreviousData,
  });
  return {
    options: (sites.data?.list ?? []).map((s) => ({ value: s.id, label: s.name })),
    loading: sites.isFetching,
  };
}

function SiteSelect(props: {
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  testId: string;
}) {
  const [keyword, setKeyword] = useState('');
  const { options, loading } = useSiteOptions(keyword);
  return (
    <Select
      value={props.value}
      onChange={(value?: number) => props.onChange?.(value)}
      allowClear={props.allowClear}
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={loading}
      options={options}
      style={{ minWidth: 240 }}
      data-testid={props.testId}
    />
  );
}

function stateOf(row: Row): 'using' | 'stopped' | 'expired' {
  if (row.status === 'stopped') return 'stopped';
  return row.expired ? 'expired' : 'using';
}
const STATE_COLORS = { using: 'green', stopped: undefined, expired: 'orange' } as const;

/** `/site/invitation`: invitation links of every organisation; the operator creates one for any organisation. */
export function SiteInvitationPage() {
  const { t } = useTranslation(['sites', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ site_id?: number; keyword?: string }>();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ site_id?: number; remarks: string }>();

  const list = useQuery({
    ...siteInvitationsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const create = useMutation({
    mutationFn: (values: { site_id: number; remarks: string }) =>
      createSiteInvitation({ site_id: values.site_id, remarks: values.remarks.trim() }),
    onSuccess: async () => {
      void message.success(t('invitation_created'));
      setCreating(false);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: SITE_INVITATIONS_KEY });
    },
    onError: showError,
  });
  const copy = async (row: Row) => {
    if (await copyText(invitationUrl(row.link))) void message.success(t('invitation_copied'));
  };

  if (list.isError && !list.data) {
    return (
      <Card>
        <Result
          status="error"
          title={t('invitations_load_failed')}
          subTitle={errorMessage(list.error)}
          extra={<Button onClick={() => list.refetch()}>{t('common:retry')}</Button>}
        />
      </Card>
    );
  }

  return (
    <Card title={t('invitations_title')}>
      <ListToolbar
        actions={
          <CreateButton
            label={t('invitation_create')}
            onClick={() => {
              form.setFieldsValue({ site_id: filter.site_id, remarks: '' });
              setCreating(true);
            }}
            testId="site-invitation-create"
          />
        }
      >
        <SiteSelect
          allowClear
          value={filter.site_id}
          placeholder={t('invitation_site_all')}
          onChange={(site_id) => refilter({ site_id })}
          testId="site-invitation-site-filter"
        />
        <SearchInput
          placeholder={t('invitation_remarks')}
          width={220}
          onSearch={(keyword) => refilter({ keyword })}
          testId="site-invitation-search"
        />
      </ListToolbar>
      <Table<Row>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('invitation_empty') }}
        data-testid="site-invitation-table"
        pagination={serverPagination(t, paging, list.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('invitation_site'), dataIndex: 'site_name', width: 160 },
          { title: t('invitation_remarks'), dataIndex: 'remarks', width: 160, render: (v: string) => v || '—' },
          {
            title: t('invitation_link'),
            dataIndex: 'link',
            width: 320,
            render: (link: string, row) => (
              <Space size={4}>
                <Typography.Text ellipsis style={{ maxWidth: 260 }} data-testid={`site-invitation-link-${row.id}`}>
                  {invitationUrl(link)}
                </Typography.Text>
                <Button
                  type="text"
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={t('invitation_copy')}
                  onClick={() => void copy(row)}
                />
              </Space>
            ),
          },
          {
            title: t('invitation_status'),
            key: 'status',
            width: 100,
            render: (_, row) => {
              const state = stateOf(row);
              return <Tag color={STATE_COLORS[state]}>{t(`invitation_status_${state}`)}</Tag>;
            },
          },
          { title: t('invitation_signups'), dataIndex: 'signups', width: 90 },
          { title: t('invitation_expires_at'), dataIndex: 'expires_at', width: 150, render: formatTime },
          { title: t('invitation_creator'), dataIndex: 'creator_nickname', width: 120, render: (v) => v ?? '—' },
          { title: t('invitation_created_at'), dataIndex: 'created_at', width: 150, render: formatTime },
        ]}
      />
      <Modal
        open={creating}
        title={t('invitation_create')}
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        confirmLoading={create.isPending}
        okButtonProps={{ id: 'site-invitation-submit' }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(values) =>
            values.site_id && create.mutate({ site_id: values.site_id, remarks: values.remarks ?? '' })
          }
        >
          <Form.Item
            name="site_id"
            label={t('invitation_site')}
            rules={[{ required: true, message: t('invitation_site_required') }]}
          >
            <SiteSelect testId="site-invitation-form-site" />
          </Form.Item>
          <Form.Item name="remarks" label={t('invitation_remarks')} rules={[{ max: 255 }]}>
            <Input maxLength={255} data-testid="site-invitation-form-remarks" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
