import type { TProjectStatus } from '@app/contracts';
import { PROJECT_STATUSES } from '@app/contracts/procedures/projects.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Drawer, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiOutput } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { ProjectStatusTag } from './project-actions.tsx';
import { auditListQuery, auditProject, PROJECTS_KEY } from './queries.ts';

type AuditRow = ApiOutput<'/project/audit-list'>['list'][number];

function AuditInfo({ row }: { row: AuditRow }) {
  const { t } = useTranslation('projects');
  return (
    <Descriptions column={1} bordered size="small" styles={{ label: { width: 120 } }} data-testid="audit-info">
      <Descriptions.Item label={t('site')}>{row.site_name}</Descriptions.Item>
      <Descriptions.Item label={t('name')}>{row.name}</Descriptions.Item>
      <Descriptions.Item label={t('category')}>{row.category_name}</Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <ProjectStatusTag status={row.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('window')}>
        {formatTime(row.start_at)} ~ {formatTime(row.end_at)}
      </Descriptions.Item>
      <Descriptions.Item label={t('batch_count')}>{row.batch_count}</Descriptions.Item>
      <Descriptions.Item label={t('item_count')}>{row.item_count}</Descriptions.Item>
      <Descriptions.Item label={t('participant_count')}>{row.participant_count}</Descriptions.Item>
      <Descriptions.Item label={t('leader')}>{row.leader?.nickname ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('creator')}>{row.creator?.nickname ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('created_at')}>{formatTime(row.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('updated_at')}>{formatTime(row.updated_at)}</Descriptions.Item>
    </Descriptions>
  );
}

/** Approve (auditing -> doing) or reject with a required reason (-> releasing). */
function AuditButtons({ row, onDone }: { row: AuditRow; onDone?: () => void }) {
  const { t } = useTranslation(['projects', 'common']);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const decide = useMutation({
    mutationFn: (reason?: string) =>
      reason === undefined
        ? auditProject({ id: row.id, decision: 'approve' })
        : auditProject({ id: row.id, decision: 'reject', reason }),
    onSuccess: async (_, reason) => {
      void message.success(t(reason === undefined ? 'audit_approved' : 'audit_rejected', { name: row.name }));
      setRejecting(false);
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
    },
  });
  if (row.status !== 'auditing') return null;
  return (
    <>
      <Button
        type="link"
        size="small"
        onClick={() =>
          modal.confirm({
            title: t('audit_approve_title', { name: row.name }),
            content: t('audit_approve_text', { site: row.site_name }),
            okText: t('audit_approve'),
            cancelText: t('common:cancel'),
            okButtonProps: { ...{ 'data-testid': 'audit-approve-confirm' } },
            onOk: () => decide.mutateAsync(undefined).catch(() => undefined),
          })
        }
        data-testid={`audit-approve-${row.id}`}
      >
        {t('audit_approve')}
      </Button>
      <Button type="link" size="small" danger onClick={() => setRejecting(true)} data-testid={`audit-reject-${row.id}`}>
        {t('audit_reject')}
      </Button>
      <Modal
        open={rejecting}
        title={t('audit_reject_title', { name: row.name })}
        okText={t('audit_reject')}
        cancelText={t('common:cancel')}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
        okButtonProps={{
          danger: true,
          htmlType: 'submit',
          loading: decide.isPending,
          ...{ 'data-testid': 'audit-reject-save' },
        }}
        modalRender={(dom) => (
          <Form form={form} layout="vertical" clearOnDestroy onFinish={(v) => decide.mutate(v.reason.trim())}>
            {dom}
          </Form>
        )}
      >
        <Form.Item
          name="reason"
          label={t('audit_reason')}
          rules={[
            { required: true, whitespace: true, message: t('audit_reason_required') },
            { max: 255, message: t('validation:too_long') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount data-testid="audit-reason" />
        </Form.Item>
      </Modal>
    </>
  );
}

/** `/system/project-audit`: projects of every organisation waiting for the platform audit. */
export function ProjectAuditPage() {
  const { t } = useTranslation(['projects', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{ status: TProjectStatus; keyword?: string }>({
    status: 'auditing',
  });
  const { status } = filter;
  const [shown, setShown] = useState<AuditRow | null>(null);
  const list = useQuery({
    ...auditListQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  return (
    <Card>
      <ListToolbar>
        <SearchInput
          placeholder={t('search_placeholder')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="audit-search"
        />
        <Select
          value={status}
          onChange={(value: TProjectStatus) => refilter({ status: value })}
          options={PROJECT_STATUSES.filter((s) => s !== 'draft').map((s) => ({ value: s, label: t(`status_${s}`) }))}
          style={{ width: 160 }}
          aria-label={t('status')}
          data-testid="audit-status-filter"
        />
      </ListToolbar>
      <Table<AuditRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        scroll={{ x: 1100 }}
        locale={{
          emptyText: list.isLoading
            ? t('common:loading')
            : status === 'auditing'
              ? t('audit_empty')
              : t('empty_filtered'),
        }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="audit-table"
        columns={[
          { title: t('site'), dataIndex: 'site_name', width: 130 },
          { title: t('name'), dataIndex: 'name', width: 160 },
          { title: t('category'), dataIndex: 'category_name', width: 110 },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 90,
            render: (s: TProjectStatus) => <ProjectStatusTag status={s} />,
          },
          { title: t('item_count'), dataIndex: 'item_count', width: 90 },
          { title: t('batch_count'), dataIndex: 'batch_count', width: 90 },
          {
            title: t('window'),
            key: 'window',
            width: 160,
            render: (_, row) => (
              <div>
                <div>{formatTime(row.start_at)}</div>
                <div>~ {formatTime(row.end_at)}</div>
              </div>
            ),
          },
          { title: t('creator'), dataIndex: ['creator', 'nickname'], width: 100, render: (v?: string) => v ?? '—' },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 170,
            render: (_, row) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setShown(row)} data-testid={`audit-view-${row.id}`}>
                  {t('detail')}
                </Button>
                <AuditButtons row={row} />
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={shown !== null}
        title={shown?.name}
        size={520}
        onClose={() => setShown(null)}
        extra={shown && <AuditButtons row={shown} onDone={() => setShown(null)} />}
      >
        {shown && <AuditInfo row={shown} />}
      </Drawer>
    </Card>
  );
}
