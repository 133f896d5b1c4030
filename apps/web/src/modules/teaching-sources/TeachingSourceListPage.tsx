import { CloudUploadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TTeachingSource } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Segmented, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { useMayCall } from '../../shared/session/session-context.tsx';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes.ts';
import { teachingSourcesQuery, useTeachingSourcesChanged } from './queries.ts';
import { RenameSourceModal } from './RenameSourceModal.tsx';
import { SourceUploadDrawer, useUploadQueue } from './SourceUploadDrawer.tsx';
import { useSourceColumns } from './source-columns.tsx';
import { SOURCE_TABS, SOURCES_ALL_KEY, type SourceTab, TAB_KIND } from './source-shared.tsx';

/** While a listed source is being converted, the list is read again this often. */
const PROCESSING_REFRESH_MS = 4000;

/**
 * `/teaching-source`: the teacher's library of documents and videos (managers may switch to the whole organisation's),
 * by kind, searched by title or file name; upload (the drawer), preview, rename, download and delete (refused while a
 * course task shows it: teaching_source_in_use). Rows being converted are read again every few seconds until ready.
 */
export function TeachingSourceListPage() {
  const { t } = useTranslation(['teaching-sources', 'common']);
  const [params, setParams] = useSearchParams();
  const tab: SourceTab = SOURCE_TABS.includes(params.get('tab') as SourceTab)
    ? (params.get('tab') as SourceTab)
    : 'all';
  const manager = useMayCall(SOURCES_ALL_KEY);
  const { filter, refilter, paging, setPaging, firstPage } = useListFilter<{
    keyword?: string;
    scope: 'mine' | 'all';
  }>({ scope: 'mine' });
  const scope = manager ? filter.scope : 'mine';
  const changed = useTeachingSourcesChanged();
  const [uploading, setUploading] = useState(false);
  const [renaming, setRenaming] = useState<TTeachingSource | null>(null);
  const { queue, items } = useUploadQueue(() => void changed());
  const busy = items.some((item) => item.state === 'queued' || item.state === 'sending' || item.state === 'finishing');
  useUnsavedChanges(busy);

  const list = useQuery({
    ...teachingSourcesQuery({ kind: TAB_KIND[tab], keyword: filter.keyword, scope }, paging),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((source) => source.status === 'processing') ? PROCESSING_REFRESH_MS : false,
  });
  const columns = useSourceColumns(setRenaming);

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  const uploadButton = (
    <Badge count={busy ? items.filter((item) => item.state !== 'done').length : 0} size="small">
      <Button
        type="primary"
        icon={<CloudUploadOutlined />}
        onClick={() => setUploading(true)}
        data-testid="source-upload-open-drawer"
      >
        {t('upload')}
      </Button>
    </Badge>
  );
  const filtered = Boolean(filter.keyword) || tab !== 'all';
  const emptyText = list.isLoading ? (
    t('common:loading')
  ) : filtered ? (
    t('empty_filtered')
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid="source-empty">
      <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)}>
        {t('empty_upload')}
      </Button>
    </Empty>
  );

  return (
    <Card data-testid="teaching-source-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          firstPage();
          setParams(key === 'all' ? {} : { tab: key }, { replace: true });
        }}
        items={SOURCE_TABS.map((key) => ({
          key,
          label: <span data-testid={`source-tab-${key}`}>{t(`tab_${key}`)}</span>,
        }))}
      />
      <ListToolbar
        actions={
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={() => list.refetch()} data-testid="source-refresh">
              {t('refresh')}
            </Button>
            {uploadButton}
          </Space>
        }
      >
        <SearchInput
          placeholder={t('search_placeholder')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="source-search"
        />
        {manager && (
          <Segmented
            value={scope}
            onChange={(value) => refilter({ scope: value as 'mine' | 'all' })}
            options={[
              { value: 'mine', label: t('scope_mine') },
              { value: 'all', label: t('scope_all') },
            ]}
            data-testid="source-scope"
          />
        )}
      </ListToolbar>
      <ResponsiveTable<TTeachingSource>
        rowKey="id"
        loading={list.isLoading || list.isPlaceholderData}
        dataSource={list.data?.list}
        locale={{ emptyText }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1120 }}
        data-testid="source-table"
        columns={columns}
      />
      <SourceUploadDrawer open={uploading} queue={queue} items={items} onClose={() => setUploading(false)} />
      {renaming && (
        <RenameSourceModal
          key={renaming.id}
          source={renaming}
          onClose={() => setRenaming(null)}
          onSaved={() => {
            setRenaming(null);
            void changed();
          }}
        />
      )}
    </Card>
  );
}
