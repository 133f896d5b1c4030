import { ArrowLeftOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import type { TTeachingSource } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { detailFallback, detailParams } from '../../shared/detail-page.tsx';
import { formatBytes, formatTime } from '../../shared/format.ts';
import { teachingSourceQuery, useTeachingSourcesChanged } from './queries.ts';
import { RenameSourceModal } from './RenameSourceModal.tsx';
import { SourcePreview } from './SourcePreview.tsx';
import {
  SOURCE_DETAIL_TABS,
  SOURCE_LIBRARY_PATH,
  SourceKindIcon,
  SourceStatusTag,
  sourceDetailPath,
} from './source-shared.tsx';
import './teaching-sources.css';

/** While the source is being converted, it is read again this often. */
const PROCESSING_REFRESH_MS = 4000;

function durationText(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function SourceInfo({ source }: { source: TTeachingSource }) {
  const { t } = useTranslation('teaching-sources');
  return (
    <Descriptions column={1} bordered size="small" data-testid="source-info">
      <Descriptions.Item label={t('title')}>{source.title}</Descriptions.Item>
      <Descriptions.Item label={t('kind')}>
        <Space size={6}>
          <SourceKindIcon kind={source.kind} />
          {t(`kind_${source.kind}`)}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('file_name')}>
        <span style={{ overflowWrap: 'anywhere' }}>{source.file_name}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('size')}>{formatBytes(source.file_size)}</Descriptions.Item>
      {source.kind === 'video' && (
        <Descriptions.Item label={t('duration')}>{durationText(source.duration_seconds)}</Descriptions.Item>
      )}
      <Descriptions.Item label={t('status')}>
        <SourceStatusTag source={source} />
      </Descriptions.Item>
      <Descriptions.Item label={t('owner')}>{source.owner_name}</Descriptions.Item>
      <Descriptions.Item label={t('uploaded_at')}>{formatTime(source.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('used_by')}>
        <Space orientation="vertical" size={0}>
          <span data-testid="source-task-count">{t('task_count', { count: source.task_count })}</span>
          <Typography.Text type="secondary">
            {t(source.task_count > 0 ? 'used_by_help_in_use' : 'used_by_help_free')}
          </Typography.Text>
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * `/course/dataset/data-detail/{tab}/{id}`: one teaching source: its preview (a document's pages, a video, or why it
 * can only be downloaded) and its facts with the number of course tasks showing it; rename and download from the
 * header. Read again every few seconds while it is being converted.
 */
export function TeachingSourceDetailPage() {
  const { t } = useTranslation(['teaching-sources', 'common']);
  const navigate = useNavigate();
  const { tab, id } = detailParams(SOURCE_DETAIL_TABS, useParams());
  const queryClient = useQueryClient();
  const changed = useTeachingSourcesChanged();
  const [renaming, setRenaming] = useState(false);
  const detail = useQuery({
    ...teachingSourceQuery(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? PROCESSING_REFRESH_MS : false),
  });

  const fallback = detailFallback(t, detail, id, SOURCE_LIBRARY_PATH);
  if (fallback) return fallback;
  const source = detail.data!;

  return (
    <Card data-testid="teaching-source-detail">
      <div className="source-detail-head">
        <Space size={8} align="start">
          <Button
            type="text"
            size="small"
            icon={<ArrowLeftOutlined />}
            aria-label={t('back_to_list')}
            onClick={() => navigate(SOURCE_LIBRARY_PATH)}
          />
          <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }}>
            <SourceKindIcon kind={source.kind} /> {source.title}
          </Typography.Title>
          <SourceStatusTag source={source} />
        </Space>
        <Space wrap size={8}>
          <Button icon={<EditOutlined />} onClick={() => setRenaming(true)} data-testid="source-detail-rename">
            {t('rename')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            href={source.download_url}
            download={source.file_name}
            data-testid="source-detail-download"
          >
            {t('download')}
          </Button>
        </Space>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(sourceDetailPath(source.id, key as (typeof SOURCE_DETAIL_TABS)[number]))}
        destroyOnHidden
        items={[
          { key: 'preview', label: t('tab_preview'), children: <SourcePreview source={source} /> },
          { key: 'info', label: t('tab_info'), children: <SourceInfo source={source} /> },
        ]}
      />
      {renaming && (
        <RenameSourceModal
          source={source}
          onClose={() => setRenaming(false)}
          onSaved={(saved) => {
            setRenaming(false);
            queryClient.setQueryData(teachingSourceQuery(saved.id).queryKey, saved);
            void changed();
          }}
        />
      )}
    </Card>
  );
}
