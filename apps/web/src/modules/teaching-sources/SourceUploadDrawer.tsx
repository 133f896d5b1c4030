import { CaretRightOutlined, CloseOutlined, InboxOutlined, PauseOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TTeachingSource } from '@app/contracts';
import { TEACHING_SOURCE_EXTENSIONS, TEACHING_SOURCE_LIMITS } from '@app/contracts/procedures/teaching-sources.ts';
import { App, Button, Drawer, Empty, Progress, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '../../shared/format.ts';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { finishSourceUpload, sendSourcePart, startSourceUpload } from './queries.ts';
import { fileProblem, SOURCE_ACCEPT, sourceDetailPath } from './source-shared.tsx';
import { type UploadItem, UploadQueue, type UploadState } from './upload-queue.ts';
import './teaching-sources.css';

/**
 * The library page's uploads: one queue for the page's life (closing the drawer leaves the files going; leaving the
 * page pauses them, and choosing the same file again later resumes where it stopped). `onFinished` runs for each
 * source the server joined.
 */
export function useUploadQueue(onFinished: (source: TTeachingSource) => void) {
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const [queue] = useState(
    () =>
      new UploadQueue({ start: startSourceUpload, part: sendSourcePart, finish: finishSourceUpload }, (source) =>
        finished.current(source),
      ),
  );
  const items = useSyncExternalStore(queue.subscribe, queue.items);
  useEffect(() => () => queue.stopAll(), [queue]);
  return { queue, items };
}

const STATE_COLOR: Record<UploadState, string | undefined> = {
  queued: undefined,
  sending: 'processing',
  paused: 'warning',
  finishing: 'processing',
  done: 'success',
  failed: 'error',
};

function UploadRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const { t } = useTranslation('teaching-sources');
  const size = item.file.size;
  const percent = size ? Math.floor((item.sent / size) * 100) : 0;
  const running = item.state === 'queued' || item.state === 'sending';
  const status = item.state === 'failed' ? 'exception' : item.state === 'done' ? 'success' : 'active';
  return (
    <div className="source-upload-item" data-testid="source-upload-item" data-state={item.state}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Space orientation="vertical" size={0}>
          <Typography.Text className="source-upload-name" strong>
            {item.file.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatBytes(item.sent)} / {formatBytes(size)}
            {item.resumed && item.state !== 'done' ? ` · ${t('upload_resumed')}` : ''}
          </Typography.Text>
        </Space>
        <Space size={4}>
          <Tag color={STATE_COLOR[item.state]}>{t(`upload_${item.state}`)}</Tag>
          {running && (
            <Tooltip title={t('upload_pause')}>
              <Button
                size="small"
                icon={<PauseOutlined />}
                aria-label={t('upload_pause')}
                onClick={() => queue.pause(item.key)}
                data-testid="source-upload-pause"
              />
            </Tooltip>
          )}
          {(item.state === 'paused' || item.state === 'failed') && (
            <Tooltip title={t(item.state === 'failed' ? 'upload_retry' : 'upload_resume')}>
              <Button
                size="small"
                icon={item.state === 'failed' ? <ReloadOutlined /> : <CaretRightOutlined />}
                aria-label={t(item.state === 'failed' ? 'upload_retry' : 'upload_resume')}
                onClick={() => queue.resume(item.key)}
                data-testid="source-upload-resume"
              />
            </Tooltip>
          )}
          {item.state !== 'done' && item.state !== 'finishing' && (
            <Tooltip title={t('upload_cancel')}>
              <Button
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('upload_cancel')}
                onClick={() => queue.cancel(item.key)}
                data-testid="source-upload-cancel"
              />
            </Tooltip>
          )}
        </Space>
      </Space>
      <Progress percent={percent} size="small" status={status} aria-label={item.file.name} style={{ margin: 0 }} />
      {item.error && <Typography.Text type="danger">{item.error}</Typography.Text>}
      {item.source && (
        <Link to={sourceDetailPath(item.source.id)} data-testid="source-upload-open">
          {t('upload_open')}
        </Link>
      )}
    </div>
  );
}

/**
 * Choosing or dropping documents and videos to upload: each file checked (kind by extension, size) and then sent in
 * parts with its own progress bar, pause / resume and cancel (UploadQueue).
 */
export function SourceUploadDrawer({
  open,
  queue,
  items,
  onClose,
}: {
  open: boolean;
  queue: UploadQueue;
  items: readonly UploadItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation('teaching-sources');
  const { message } = App.useApp();
  const phone = useIsPhone();
  const take = (file: File) => {
    const problem = fileProblem(file);
    if (problem) void message.error(t(`file_${problem}`, { name: file.name }));
    else if (!queue.add(file)) void message.info(t('file_already_queued', { name: file.name }));
  };
  return (
    <Drawer
      open={open}
      size={phone ? '100%' : 560}
      title={t('upload_title')}
      onClose={onClose}
      extra={
        items.some((item) => item.state === 'done') ? (
          <Button size="small" onClick={() => queue.clearDone()} data-testid="source-upload-clear">
            {t('upload_clear_done')}
          </Button>
        ) : null
      }
      data-testid="source-upload-drawer"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Upload.Dragger
          multiple
          accept={SOURCE_ACCEPT}
          fileList={[]}
          showUploadList={false}
          beforeUpload={(file) => {
            take(file);
            return false;
          }}
          data-testid="source-upload-dragger"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('upload_drop')}</p>
          <p className="ant-upload-hint">
            {t('upload_hint_documents', {
              extensions: TEACHING_SOURCE_EXTENSIONS.document.join(', '),
              max: formatBytes(TEACHING_SOURCE_LIMITS.documentMaxBytes),
            })}
            <br />
            {t('upload_hint_videos', {
              extensions: TEACHING_SOURCE_EXTENSIONS.video.join(', '),
              max: formatBytes(TEACHING_SOURCE_LIMITS.videoMaxBytes),
            })}
          </p>
        </Upload.Dragger>
        <Typography.Text type="secondary">{t('upload_resume_hint')}</Typography.Text>
        {items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upload_none')} />
        ) : (
          <div data-testid="source-upload-list">
            {items.map((item) => (
              <UploadRow key={item.key} item={item} queue={queue} />
            ))}
          </div>
        )}
      </Space>
    </Drawer>
  );
}
