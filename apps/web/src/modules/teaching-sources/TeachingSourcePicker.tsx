import type { TTeachingSource } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teachingSourceOptionsQuery, teachingSourceQuery } from './queries.ts';
import { SOURCE_LIBRARY_PATH, SourceKindIcon, SourceStatusTag } from './source-shared.tsx';

export interface TeachingSourcePickerProps {
  /** The chosen source's id (a form item passes it). */
  value?: number | null;
  /** The id chosen (null when cleared) and the source itself. */
  onChange?: (id: number | null, source?: TTeachingSource) => void;
  /** Only documents, or only videos. */
  kind?: TTeachingSource['kind'];
  testId?: string;
}

/** Ready first (those the browser shows before download-only ones), then being converted, then failed. */
function rank(source: TTeachingSource): number {
  if (source.status === 'ready') return source.view_url ? 0 : 1;
  return source.status === 'processing' ? 2 : 3;
}

function SourceLabel({ source }: { source: TTeachingSource }) {
  return (
    <Space size={6} style={{ maxWidth: '100%' }}>
      <SourceKindIcon kind={source.kind} />
      <Typography.Text ellipsis style={{ maxWidth: 260 }}>
        {source.title}
      </Typography.Text>
      {rank(source) > 0 && <SourceStatusTag source={source} />}
    </Space>
  );
}

/**
 * Picks a source of the caller's library for a course task, searched by title or file name as the person types: ready
 * ones first, each with its kind and (when not plainly ready) its state; failed ones cannot be chosen. A chosen source
 * not among the answers (another teacher's, in a shared course) is read by its id.
 */
export function TeachingSourcePicker({
  value,
  onChange,
  kind,
  testId = 'teaching-source-picker',
}: TeachingSourcePickerProps) {
  const { t } = useTranslation('teaching-sources');
  const [keyword, setKeyword] = useState('');
  const list = useQuery({ ...teachingSourceOptionsQuery(kind, keyword), placeholderData: keepPreviousData });
  const found = [...(list.data?.list ?? [])].sort((a, b) => rank(a) - rank(b));
  const missing = typeof value === 'number' && !found.some((source) => source.id === value);
  const chosen = useQuery({ ...teachingSourceQuery(value ?? 0), enabled: missing, retry: false });
  const sources = missing && chosen.data ? [chosen.data, ...found] : found;
  const options = sources.map((source) => ({
    value: source.id,
    label: <SourceLabel source={source} />,
    disabled: source.status === 'failed',
  }));
  if (missing && !chosen.data)
    options.unshift({
      value: value as number,
      label: <span>{t('picker_unknown', { id: value })}</span>,
      disabled: false,
    });

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      allowClear
      value={value ?? undefined}
      onChange={(id) =>
        onChange?.(
          id ?? null,
          sources.find((source) => source.id === id),
        )
      }
      loading={list.isFetching}
      options={options}
      placeholder={t(kind ? `picker_placeholder_${kind}` : 'picker_placeholder')}
      aria-label={t('picker_placeholder')}
      notFoundContent={
        list.isError ? (
          t('picker_unavailable')
        ) : (
          <span>
            {t(keyword ? 'picker_none_found' : 'picker_none')}{' '}
            <a href={SOURCE_LIBRARY_PATH} target="_blank" rel="noopener noreferrer">
              {t('picker_open_library')}
            </a>
          </span>
        )
      }
      style={{ width: '100%', minWidth: 240 }}
      data-testid={testId}
    />
  );
}
