import type { TTeachingSource } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatBytes, formatDay } from '../../shared/format.ts';
import type { ResponsiveColumn } from '../../shared/phone-cards.ts';
import { showError } from '../../shared/query-client.ts';
import { deleteTeachingSource, useTeachingSourcesChanged } from './queries.ts';
import { SourceKindIcon, SourceStatusTag, sourceDetailPath } from './source-shared.tsx';

/** A row's actions: preview, rename, download, and delete after a confirmation (the server refuses one in use). */
function SourceActions({ source, onRename }: { source: TTeachingSource; onRename: (source: TTeachingSource) => void }) {
  const { t } = useTranslation(['teaching-sources', 'common']);
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const changed = useTeachingSourcesChanged();
  const remove = useMutation({
    mutationFn: () => deleteTeachingSource(source.id),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
    onError: (error) => showError(error),
  });
  const confirmDelete = () =>
    modal.confirm({
      title: t('delete_confirm', { title: source.title }),
      content: source.task_count > 0 ? t('delete_in_use', { count: source.task_count }) : t('delete_text'),
      okText: t('delete'),
      okType: 'danger',
      cancelText: t('common:cancel'),
      okButtonProps: { ...{ 'data-testid': 'source-confirm-delete' } },
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });
  return (
    <Space size={0} wrap>
      <Button
        type="link"
        size="small"
        onClick={() => navigate(sourceDetailPath(source.id))}
        data-testid={`source-preview-${source.id}`}
      >
        {t('preview')}
      </Button>
      <Button type="link" size="small" onClick={() => onRename(source)} data-testid={`source-rename-${source.id}`}>
        {t('rename')}
      </Button>
      <Button
        type="link"
        size="small"
        href={source.download_url}
        download={source.file_name}
        data-testid={`source-download-${source.id}`}
      >
        {t('download')}
      </Button>
      <Button type="link" size="small" danger onClick={confirmDelete} data-testid={`source-delete-${source.id}`}>
        {t('delete')}
      </Button>
    </Space>
  );
}

/** The library table's columns (a card per source on phones). */
export function useSourceColumns(onRename: (source: TTeachingSource) => void): ResponsiveColumn<TTeachingSource>[] {
  const { t } = useTranslation(['teaching-sources', 'common']);
  return [
    {
      title: t('title'),
      dataIndex: 'title',
      width: 200,
      phone: 'title',
      render: (title: string, source) => (
        <Space size={6} align="start">
          <SourceKindIcon kind={source.kind} />
          <Link
            to={sourceDetailPath(source.id)}
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`source-open-${source.id}`}
          >
            {title}
          </Link>
        </Space>
      ),
    },
    {
      title: t('file_name'),
      dataIndex: 'file_name',
      width: 180,
      render: (name: string) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: name }} style={{ maxWidth: 164 }}>
          {name}
        </Typography.Text>
      ),
    },
    { title: t('size'), dataIndex: 'file_size', width: 90, render: (bytes: number) => formatBytes(bytes) },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 130,
      render: (_: unknown, source) => <SourceStatusTag source={source} />,
    },
    {
      title: t('used_by'),
      dataIndex: 'task_count',
      width: 100,
      render: (count: number) => (
        <Typography.Text type={count ? undefined : 'secondary'}>{t('task_count', { count })}</Typography.Text>
      ),
    },
    { title: t('owner'), dataIndex: 'owner_name', width: 110, ellipsis: true },
    { title: t('uploaded_at'), dataIndex: 'created_at', width: 110, render: (at: string) => formatDay(at) },
    {
      title: t('common:actions'),
      width: 200,
      fixed: 'right',
      phone: 'actions',
      render: (_: unknown, source) => <SourceActions source={source} onRename={onRename} />,
    },
  ];
}
