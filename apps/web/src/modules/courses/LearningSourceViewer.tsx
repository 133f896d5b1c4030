import { DownloadOutlined } from '@ant-design/icons';
import type { TCourseTaskView } from '@app/contracts';
import { COURSE_LIMITS } from '@app/contracts/procedures/courses.ts';
import { Alert, Button, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPages, TrackedVideo } from '../teaching-sources/index.ts';
import { useReportProgress } from './queries.ts';

/** A document's page changes go to the server at most this often (the last page at once). */
const REPORT_EVERY_MS = 10_000;

type Source = NonNullable<TCourseTaskView['source']>;

/**
 * Progress on a library file: the best share and where the student is, sent with the seconds since the last report
 * (the server caps both: a video advances no faster than time passes). `push(share, position, now)` sends at once
 * when `now`, else when REPORT_EVERY_MS passed; what is left is sent on closing.
 */
function useSourceProgress(task: TCourseTaskView, courseId: number, onView: (view: TCourseTaskView) => void) {
  const report = useReportProgress(courseId);
  const state = useRef({ sentAt: Date.now(), share: task.progress, position: task.position, dirty: false });
  const send = () => {
    const now = Date.now();
    const s = state.current;
    const seconds = Math.min(COURSE_LIMITS.progressSeconds, Math.round((now - s.sentAt) / 1000));
    s.sentAt = now;
    s.dirty = false;
    report.mutate({ task_id: task.id, progress: s.share, seconds, position: s.position }, { onSuccess: onView });
  };
  const push = (share: number, position: number, now: boolean) => {
    const s = state.current;
    s.dirty = s.dirty || share > s.share || position !== s.position;
    s.share = Math.max(s.share, share);
    s.position = position;
    if (s.dirty && (now || Date.now() - s.sentAt >= REPORT_EVERY_MS)) send();
  };
  const flush = useRef(send);
  flush.current = () => state.current.dirty && send();
  useEffect(() => () => flush.current(), []);
  return push;
}

/** A material task showing a library file: a document as pages, a video that remembers where the student stopped. */
export function LearningSourceViewer({
  task,
  source,
  courseId,
  onView,
  onProgress,
}: {
  task: TCourseTaskView;
  source: Source;
  courseId: number;
  onView: (view: TCourseTaskView) => void;
  /** The share seen so far, for the reader's progress bar. */
  onProgress: (share: number) => void;
}) {
  const { t } = useTranslation('courses-learning');
  const push = useSourceProgress(task, courseId, onView);

  if (source.status === 'processing')
    return <Alert type="info" showIcon title={t('source_processing')} data-testid="source-processing" />;
  if (source.view_url === null)
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="source-download-only">
        <Alert
          type={source.status === 'failed' ? 'error' : 'info'}
          showIcon
          title={t(source.status === 'failed' ? 'source_failed' : 'source_download_only')}
        />
        <Typography.Text style={{ overflowWrap: 'anywhere' }}>{source.file_name}</Typography.Text>
        {source.status === 'failed' ? null : (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={source.download_url}
            onClick={() => {
              onProgress(1);
              push(1, 0, true);
            }}
            data-testid="source-download"
          >
            {t('source_download')}
          </Button>
        )}
      </Space>
    );
  if (source.kind === 'video')
    return (
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('source_video_rule', { percent: Math.round(COURSE_LIMITS.videoDoneShare * 100) })}
        </Typography.Text>
        <TrackedVideo
          url={source.view_url}
          initialPosition={task.position}
          initialWatchedShare={task.progress}
          onProgress={({ position, watchedShare }) => {
            onProgress(watchedShare);
            push(watchedShare, position, true);
          }}
        />
      </Space>
    );
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('source_document_rule')}</Typography.Text>
      <PdfPages
        url={source.view_url}
        initialPage={Math.max(1, Math.round(task.position))}
        onProgress={({ page, share }) => {
          onProgress(share);
          push(share, page, share >= 1);
        }}
      />
    </Space>
  );
}
