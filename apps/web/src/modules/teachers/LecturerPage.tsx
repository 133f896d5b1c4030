import type { TTeacherNoticeItem } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Form, Input, Modal, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type PageSize, serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { applyAsTeacher, noticeItemsQuery, readTeacherNotice, teacherApplicationQuery } from './queries.ts';

type ReadFilter = 'all' | 'unread' | 'read';

/** `/lecturer` (module 7): the caller's teacher application and their notices as a teacher, with read state. */
export function LecturerPage() {
  const { t } = useTranslation(['teachers', 'common']);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="lecturer-page">
      <ApplicationCard />
      <Card title={t('my_notices')}>
        <NoticeItems />
      </Card>
    </Space>
  );
}

function NoticeItems() {
  const { t } = useTranslation(['teachers', 'common']);
  const queryClient = useQueryClient();
  const [read, setRead] = useState<ReadFilter>('all');
  const [paging, setPaging] = useState<{ page: number; pageSize: PageSize }>({ page: 1, pageSize: 10 });
  const [open, setOpen] = useState<TTeacherNoticeItem | null>(null);
  const items = useQuery({
    ...noticeItemsQuery(read, paging),
    placeholderData: keepPreviousData,
  });
  const detail = useMutation({
    mutationFn: readTeacherNotice,
    onSuccess: (notice) => {
      setOpen(notice);
      void queryClient.invalidateQueries({ queryKey: ['teacher-notice-items'] });
    },
  });

  if (items.isError && !items.data) {
    return <LoadFailed error={items.error} onRetry={() => items.refetch()} />;
  }
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Segmented<ReadFilter>
          value={read}
          onChange={(value) => {
            setRead(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={(['all', 'unread', 'read'] as const).map((value) => ({ value, label: t(`filter_${value}`) }))}
        />
        <Badge count={items.data?.unread_total ?? 0} data-testid="notice-unread-total" />
      </Space>
      <Table<TTeacherNoticeItem>
        rowKey="id"
        data-testid="notice-item-table"
        loading={items.isFetching}
        dataSource={items.data?.list}
        locale={{ emptyText: items.isLoading ? t('common:loading') : t('empty_notices') }}
        pagination={serverPagination(t, paging, items.data?.total ?? 0, setPaging)}
        columns={[
          {
            title: t('notice_title'),
            dataIndex: 'title',
            ellipsis: true,
            render: (title: string, row) => (
              <Button type="link" onClick={() => detail.mutate(row.id)} data-testid="notice-open">
                {row.read ? title : <Typography.Text strong>{title}</Typography.Text>}
              </Button>
            ),
          },
          {
            title: t('col_read'),
            dataIndex: 'read',
            width: 100,
            render: (isRead: boolean) => <Tag color={isRead ? undefined : 'blue'}>{t(isRead ? 'read' : 'unread')}</Tag>,
          },
          { title: t('col_created'), dataIndex: 'created_at', width: 160, render: formatTime },
        ]}
      />
      <Modal open={open !== null} title={open?.title} footer={null} onCancel={() => setOpen(null)} destroyOnHidden>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open?.content}</Typography.Paragraph>
        <Typography.Text type="secondary">{formatTime(open?.created_at)}</Typography.Text>
      </Modal>
    </>
  );
}

interface ApplyValues {
  title: string;
  bio: string;
  subjects: string[];
}

/** The caller's application: its state, or a small form to apply (again after a rejection). */
function ApplicationCard() {
  const { t } = useTranslation(['teachers', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ApplyValues>();
  const state = useQuery(teacherApplicationQuery());
  const apply = useMutation({
    mutationFn: (values: ApplyValues) =>
      applyAsTeacher({
        title: values.title?.trim() ?? '',
        bio: values.bio?.trim() ?? '',
        subjects: values.subjects ?? [],
      }),
    onSuccess: () => {
      void message.success(t('applied_done'));
      void queryClient.invalidateQueries({ queryKey: teacherApplicationQuery().queryKey });
    },
    onError: (error) => showError(error),
  });
  if (!state.data) return null;
  const { application, limits } = state.data;
  const canApply = !application || (application.status === 'rejected' && !application.blacklisted);
  return (
    <Card title={t('my_application')} size="small" data-testid="teacher-application">
      {application && (
        <Space direction="vertical" style={{ marginBottom: canApply ? 12 : 0 }}>
          <Space>
            <Tag>{t(`status_${application.status}`)}</Tag>
            <span>{application.title}</span>
          </Space>
          {application.reject_reason && (
            <Typography.Text type="danger">
              {t('reject_reason')}: {application.reject_reason}
            </Typography.Text>
          )}
        </Space>
      )}
      {canApply && (
        <Form<ApplyValues>
          form={form}
          layout="vertical"
          initialValues={{
            title: application?.title ?? '',
            bio: application?.bio ?? '',
            subjects: application?.subjects ?? [],
          }}
          onFinish={(values) => apply.mutate(values)}
        >
          <Form.Item name="title" label={t('col_title')}>
            <Input maxLength={limits.title} />
          </Form.Item>
          <Form.Item name="bio" label={t('bio')}>
            <Input.TextArea rows={3} maxLength={limits.bio} showCount />
          </Form.Item>
          <Form.Item name="subjects" label={t('col_subjects')}>
            <Select mode="tags" maxCount={limits.subjects} open={false} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={apply.isPending} data-testid="teacher-apply">
            {t('apply')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
