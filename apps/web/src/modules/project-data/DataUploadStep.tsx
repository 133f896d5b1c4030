import { InboxOutlined } from '@ant-design/icons';
import type { TDataUploadResult } from '@app/contracts';
import {
  DATA_FILE_KINDS,
  DATA_LIMITS,
  DATA_SOURCES,
  extensionOf,
  MANIFEST_EXTENSIONS,
  type TDataKind,
  type TDataSource,
} from '@app/contracts/data-files.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Radio, Space, Spin, Statistic, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api.ts';
import { formatBytes } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { uploadRequest } from '../../shared/upload-request.ts';
import { clearProjectData, dataSummaryQuery, projectDataKey } from './queries.ts';
import { UploadResult } from './UploadResult.tsx';

/** What each source takes; data files only of the kinds the project's template shows (`media`, null: any). */
function extensionsOf(source: TDataSource, media: readonly TDataKind[] | null): readonly string[] {
  if (source === 'zip') return ['zip'];
  if (source === 'manifest') return MANIFEST_EXTENSIONS;
  return Object.keys(DATA_FILE_KINDS).filter((ext) => !media || media.includes(DATA_FILE_KINDS[ext]!));
}

/** A refusal as the user should read it: the server's message, with the file and reason when it names them. */
export function uploadErrorText(error: unknown, t: (key: string, options?: Record<string, unknown>) => string) {
  const details =
    error instanceof ApiError ? (error.details as { name?: string; reason?: string } | undefined) : undefined;
  // The server's message names the file and the media the template takes.
  if (details?.name && details.reason && details.reason !== 'media') {
    return t('project-data:file_refused', {
      name: details.name,
      reason: t(`project-data:reason_${details.reason}`, { defaultValue: details.reason }),
    });
  }
  return errorMessage(error);
}

/** The results of the uploads made in this step, added up (the failure list stays capped). */
function mergeResults(before: TDataUploadResult, after: TDataUploadResult): TDataUploadResult {
  return {
    ...after,
    added: before.added + after.added,
    failed: [...before.failed, ...after.failed].slice(0, DATA_LIMITS.failuresListed),
    failed_count: before.failed_count + after.failed_count,
  };
}

/**
 * The wizard's data step: choose one source (data files, a zip archive or a CSV/JSONL manifest), drop files with
 * a progress bar each, read the server's result, see the item count and size, clear everything.
 */
export function DataUploadStep({
  projectId,
  locked,
  onChanged,
}: {
  projectId: number;
  locked: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation(['project-data', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const summary = useQuery(dataSummaryQuery(projectId));
  const [chosen, setChosen] = useState<TDataSource>('files');
  const [result, setResult] = useState<TDataUploadResult | null>(null);
  const [listKey, setListKey] = useState(0);
  // Files go one after another, so items are numbered in the order they were chosen.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: projectDataKey(projectId) });
    onChanged();
  };
  const clear = useMutation({
    mutationFn: () => clearProjectData(projectId),
    onSuccess: (answer) => {
      message.success(t('cleared', { count: answer.deleted }));
      setResult(null);
      setListKey((k) => k + 1);
      refresh();
    },
    onError: (error) => showError(error),
  });

  if (summary.isError && !summary.data) return <LoadFailed error={summary.error} onRetry={() => summary.refetch()} />;
  if (!summary.data) return <Spin />;
  const data = summary.data;
  const readOnly = locked || data.locked;
  const source = data.data_source ?? chosen;
  const extensions = extensionsOf(source, data.media);
  const single = source !== 'files';

  return (
    <Card data-testid="data-upload-step">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {readOnly && <Alert type="info" showIcon title={t('locked')} />}
        <Radio.Group
          value={source}
          disabled={readOnly || data.data_source !== null}
          onChange={(event) => setChosen(event.target.value)}
          optionType="button"
          options={DATA_SOURCES.map((s) => ({ value: s, label: t(`source_${s}`) }))}
          data-testid="data-source"
        />
        {data.media && (
          <Alert
            type="info"
            showIcon
            title={t('media_taken', { media: data.media.map((kind) => t(`kind_${kind}`)).join(' / ') })}
            data-testid="data-media"
          />
        )}
        {data.data_source !== null && !readOnly && (
          <Alert type="info" showIcon title={t('source_fixed', { source: t(`source_${data.data_source}`) })} />
        )}
        <Upload.Dragger
          key={`${source}-${listKey}`}
          disabled={readOnly}
          multiple={!single}
          maxCount={single ? 1 : undefined}
          accept={extensions.map((e) => `.${e}`).join(',')}
          beforeUpload={(file) => {
            if (!extensions.includes(extensionOf(file.name))) {
              message.error(t('file_refused', { name: file.name, reason: t('reason_type') }));
              return Upload.LIST_IGNORE;
            }
            if (file.size > data.max_file_bytes) {
              message.error(t('file_refused', { name: file.name, reason: t('reason_size') }));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onProgress, onSuccess, onError }) => {
            const send = () =>
              uploadRequest('/data/upload', { project_id: projectId, source }, [file as File], {
                onProgress: (percent) => onProgress?.({ percent }),
              });
            const sent = queue.current.then(send, send);
            queue.current = sent.catch(() => undefined);
            sent.then(
              (answer) => {
                setResult((before) => (before ? mergeResults(before, answer) : answer));
                onSuccess?.(answer);
                refresh();
              },
              (error: unknown) => {
                message.error(uploadErrorText(error, t));
                onError?.(error as Error);
              },
            );
          }}
          data-testid="data-upload-dragger"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('drop_here')}</p>
          <p className="ant-upload-hint">
            {t(`hint_${source}`, { extensions: extensions.join(', '), max: formatBytes(data.max_file_bytes) })}
          </p>
        </Upload.Dragger>
        {result && <UploadResult result={result} />}
        <Space size="large" wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space size="large">
            <Statistic title={t('item_count')} value={data.item_count} data-testid="data-item-count" />
            <Statistic title={t('total_size')} value={formatBytes(data.total_bytes)} />
          </Space>
          <Popconfirm
            title={t('clear_confirm', { count: data.item_count })}
            okButtonProps={{ danger: true }}
            onConfirm={() => clear.mutate()}
            disabled={readOnly || data.item_count === 0}
          >
            <Button
              danger
              disabled={readOnly || data.item_count === 0}
              loading={clear.isPending}
              data-testid="data-clear"
            >
              {t('clear_all')}
            </Button>
          </Popconfirm>
        </Space>
      </Space>
    </Card>
  );
}
