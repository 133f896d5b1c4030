import { FilePdfOutlined, PlaySquareOutlined } from '@ant-design/icons';
import type { TTeachingSource } from '@app/contracts';
import {
  TEACHING_SOURCE_EXTENSIONS,
  TEACHING_SOURCE_LIMITS,
  TEACHING_SOURCE_MANAGE_ALL_KEY,
} from '@app/contracts/procedures/teaching-sources.ts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The library's tabs: every source, or those of one kind. */
export const SOURCE_TABS = ['all', 'documents', 'videos'] as const;
export type SourceTab = (typeof SOURCE_TABS)[number];
export type SourceKind = TTeachingSource['kind'];
export const TAB_KIND: Record<SourceTab, SourceKind | undefined> = {
  all: undefined,
  documents: 'document',
  videos: 'video',
};

/** The detail page's tabs. */
export const SOURCE_DETAIL_TABS = ['preview', 'info'] as const;
export type SourceDetailTab = (typeof SOURCE_DETAIL_TABS)[number];

/**
 * Holders of this key see and change every source of the organisation (the contract's "managers"); the library
 * offers them the "whole organisation" switch.
 */
export const SOURCES_ALL_KEY = TEACHING_SOURCE_MANAGE_ALL_KEY;

export const SOURCE_LIBRARY_PATH = '/teaching-source';
export const sourceDetailPath = (id: number, tab: SourceDetailTab = 'preview') =>
  `/course/dataset/data-detail/${tab}/${id}`;

/** Every extension the upload takes, with the dot, for the file chooser's `accept`. */
export const SOURCE_ACCEPT = [...TEACHING_SOURCE_EXTENSIONS.document, ...TEACHING_SOURCE_EXTENSIONS.video]
  .map((extension) => `.${extension}`)
  .join(',');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind a file name makes (by its extension), or null when the library does not take it. */
export function kindOfFile(name: string): TTeachingSource['kind'] | null {
  const extension = extensionOf(name);
  if ((TEACHING_SOURCE_EXTENSIONS.document as readonly string[]).includes(extension)) return 'document';
  if ((TEACHING_SOURCE_EXTENSIONS.video as readonly string[]).includes(extension)) return 'video';
  return null;
}

/** Why a chosen file cannot be uploaded (checked again by the server), or null. */
export function fileProblem(file: { name: string; size: number }): 'type' | 'empty' | 'too_large' | null {
  const kind = kindOfFile(file.name);
  if (!kind) return 'type';
  if (file.size === 0) return 'empty';
  const max = kind === 'video' ? TEACHING_SOURCE_LIMITS.videoMaxBytes : TEACHING_SOURCE_LIMITS.documentMaxBytes;
  return file.size > max ? 'too_large' : null;
}

export function SourceKindIcon({ kind }: { kind: TTeachingSource['kind'] }) {
  const { t } = useTranslation('teaching-sources');
  const label = t(`kind_${kind}`);
  return kind === 'video' ? (
    <PlaySquareOutlined aria-label={label} title={label} style={{ color: '#722ed1' }} />
  ) : (
    <FilePdfOutlined aria-label={label} title={label} style={{ color: '#d4380d' }} />
  );
}

/**
 * A source's state: processing, ready, download only (ready, but browsers cannot show it) or failed; the last two
 * explain why in a tooltip.
 */
export function SourceStatusTag({
  source,
}: {
  source: Pick<TTeachingSource, 'id' | 'status' | 'failure' | 'view_url'>;
}) {
  const { t } = useTranslation('teaching-sources');
  const testId = `source-status-${source.id}`;
  if (source.status === 'processing')
    return (
      <Tooltip title={t('status_processing_help')}>
        <Tag color="processing" data-testid={testId} data-status="processing">
          {t('status_processing')}
        </Tag>
      </Tooltip>
    );
  const why = source.failure ? t(`failure_${source.failure}`, { defaultValue: t('failure_other') }) : null;
  if (source.status === 'failed')
    return (
      <Tooltip title={why}>
        <Tag color="error" data-testid={testId} data-status="failed">
          {t('status_failed')}
        </Tag>
      </Tooltip>
    );
  if (!source.view_url)
    return (
      <Tooltip title={why ?? t('failure_other')}>
        <Tag color="warning" data-testid={testId} data-status="download_only">
          {t('status_download_only')}
        </Tag>
      </Tooltip>
    );
  return (
    <Tag color="success" data-testid={testId} data-status="ready">
      {t('status_ready')}
    </Tag>
  );
}
