import {
  AudioOutlined,
  CloudOutlined,
  FileTextOutlined,
  PictureOutlined,
  ProfileOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { TDataItemRow, TDataKind } from '@app/contracts';
import { DATA_KINDS } from '@app/contracts/data-files.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Pagination, Select, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../shared/format.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { ItemPreview } from './ItemPreview.tsx';
import { batchOptionsQuery, dataListQuery } from './queries.ts';
import './production-data.css';

const KIND_ICONS: Record<TDataKind, ReactNode> = {
  image: <PictureOutlined />,
  video: <VideoCameraOutlined />,
  audio: <AudioOutlined />,
  text: <FileTextOutlined />,
  point_cloud: <CloudOutlined />,
  record: <ProfileOutlined />,
};

interface Filter {
  batch_id?: number;
  kind?: TDataKind;
  keyword?: string;
}

function Thumbnail({ item }: { item: TDataItemRow }) {
  return (
    <div className="production-data-thumb">
      {item.thumbnail_url ? (
        <img src={item.thumbnail_url} alt={item.name} loading="lazy" />
      ) : (
        <span className="production-data-thumb-icon">{KIND_ICONS[item.kind]}</span>
      )}
    </div>
  );
}

/** A project's items as a grid: thumbnails for images, filters by batch, kind and name, paging, a preview. */
export function ProjectDataBrowser({ projectId }: { projectId: number }) {
  const { t } = useTranslation(['project-data', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<Filter>({}, 20);
  const [previewing, setPreviewing] = useState<TDataItemRow | null>(null);
  const batches = useQuery(batchOptionsQuery(projectId));
  const items = useQuery({
    ...dataListQuery(projectId, filter, paging),
    placeholderData: keepPreviousData,
  });

  if (items.isError && !items.data) return <LoadFailed error={items.error} onRetry={() => items.refetch()} />;
  const pagination = serverPagination(t, paging, items.data?.total, setPaging);

  return (
    <Card data-testid="project-data-browser">
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          placeholder={t('search_name')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="data-search"
        />
        <Select
          allowClear
          placeholder={t('kind')}
          aria-label={t('kind')}
          style={{ width: 150 }}
          onChange={(kind?: TDataKind) => refilter({ kind })}
          options={DATA_KINDS.map((kind) => ({ value: kind, label: t(`kind_${kind}`) }))}
          data-testid="data-kind-filter"
        />
        {batches.data && batches.data.list.length > 0 && (
          <Select
            allowClear
            placeholder={t('batch')}
            aria-label={t('batch')}
            style={{ width: 180 }}
            onChange={(batch_id?: number) => refilter({ batch_id })}
            options={batches.data.list.map((b) => ({ value: b.id, label: b.name }))}
            data-testid="data-batch-filter"
          />
        )}
      </Space>
      <Spin spinning={items.isFetching}>
        {items.data && items.data.list.length === 0 ? (
          <Empty description={t('no_items')} />
        ) : (
          <div className="production-data-grid">
            {(items.data?.list ?? []).map((item) => (
              <button
                type="button"
                key={item.id}
                className="production-data-cell"
                onClick={() => setPreviewing(item)}
                data-testid="data-item"
              >
                <Thumbnail item={item} />
                <Typography.Text ellipsis={{ tooltip: item.name }} className="production-data-name">
                  {item.seq}. {item.name}
                </Typography.Text>
                <Space size={4} wrap>
                  <Tag>{t(`kind_${item.kind}`)}</Tag>
                  {item.batch_name && <Tag color="blue">{item.batch_name}</Tag>}
                  <Typography.Text type="secondary">{formatBytes(item.size)}</Typography.Text>
                </Space>
              </button>
            ))}
          </div>
        )}
      </Spin>
      <Pagination
        style={{ marginTop: 16, textAlign: 'right' }}
        {...pagination}
        onChange={pagination.onChange}
        data-testid="data-pagination"
      />
      <ItemPreview item={previewing} onClose={() => setPreviewing(null)} />
    </Card>
  );
}
