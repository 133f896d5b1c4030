import { CheckCircleOutlined, ExportOutlined } from '@ant-design/icons';
import type { TCourseTaskView } from '@app/contracts';
import { COURSE_LIMITS } from '@app/contracts/procedures/courses.ts';
import { Alert, Button, Drawer, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { HtmlContent } from '../question-bank/index.ts';
import { LearningSelfTestLine } from './LearningSelfTestLine.tsx';
import { LearningSourceViewer } from './LearningSourceViewer.tsx';
import { useReportProgress } from './queries.ts';
import './courses.css';

/** Reading progress goes to the server at most this often while the student scrolls (and once at the end). */
const REPORT_EVERY_MS = 15_000;
/** Closing the reader sends what was read since the last report once at least this long passed. */
const FLUSH_AFTER_MS = 2_000;

/**
 * Reading progress of one material task: the share read so far (the furthest scroll), sent with the seconds since the
 * last report at most every 15 s, at once when the end is reached (progress 1: done), and on closing.
 */
function useReadingProgress(task: TCourseTaskView, courseId: number) {
  const report = useReportProgress(courseId);
  const [view, setView] = useState(task);
  const [read, setRead] = useState(task.progress);
  const sentAt = useRef(Date.now());
  const sentShare = useRef(task.progress);
  const readShare = useRef(task.progress);
  const ended = useRef(task.state === 'done');

  const send = (progress: number) => {
    const now = Date.now();
    const seconds = Math.min(COURSE_LIMITS.progressSeconds, Math.round((now - sentAt.current) / 1000));
    sentAt.current = now;
    sentShare.current = Math.max(sentShare.current, progress);
    report.mutate(
      { task_id: task.id, progress, seconds },
      {
        onSuccess: setView,
        onError: () => {
          if (progress === 1) ended.current = false;
        },
      },
    );
  };

  /** The end is reached (or the student says so): done. */
  const finish = () => {
    setRead(1);
    readShare.current = 1;
    if (ended.current) return;
    ended.current = true;
    send(1);
  };

  /** The furthest share of the content seen so far, 0..1. */
  const seen = (share: number) => {
    if (share <= readShare.current) return;
    readShare.current = share;
    setRead(share);
    if (!ended.current && Date.now() - sentAt.current >= REPORT_EVERY_MS && share > sentShare.current) send(share);
  };

  // On closing, the time and reading since the last report (a done task only adds time: progress never goes back).
  const flush = useRef(() => {});
  flush.current = () => {
    // A library file reports through its own viewer (LearningSourceViewer).
    if (task.material?.type === 'source') return;
    if (Date.now() - sentAt.current >= FLUSH_AFTER_MS && !(ended.current && sentShare.current >= 1))
      send(readShare.current);
  };
  useEffect(() => () => flush.current(), []);

  return { view, setView, read: Math.max(read, view.progress), setRead, seen, finish, sending: report.isPending };
}

/**
 * A material task opened: a link (opened in a new tab, which counts as read), rich text read in a scrolling panel
 * whose end marks it done, or a library file (a document's pages, a video: LearningSourceViewer). The button at the end says whether it is read (and marks it read should the automatic
 * report have failed).
 */
export function LearningMaterialReader({
  task,
  courseId,
  onClose,
}: {
  task: TCourseTaskView;
  courseId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('courses-learning');
  const phone = useIsPhone();
  const { view, setView, read, setRead, seen, finish, sending } = useReadingProgress(task, courseId);
  // A state, not a ref: the drawer mounts its body after opening, and the tracking starts once the box exists.
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const [linkOpened, setLinkOpened] = useState(false);
  const material = task.material;
  const done = view.state === 'done';

  // Text: the share seen at first (and on each scroll below), and the end coming into view.
  const track = useRef({ seen, finish });
  track.current = { seen, finish };
  useEffect(() => {
    if (!box || material?.type !== 'text') return;
    const measure = () =>
      track.current.seen(box.scrollHeight ? Math.min(1, (box.scrollTop + box.clientHeight) / box.scrollHeight) : 1);
    measure();
    const watcher = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && track.current.finish(),
      {
        root: box,
        threshold: 0.5,
      },
    );
    if (end.current) watcher.observe(end.current);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      watcher.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, [box, material]);

  const doneButton = (
    <Button
      type={done ? 'default' : 'primary'}
      icon={done ? <CheckCircleOutlined style={{ color: '#389e0d' }} /> : null}
      disabled={done}
      loading={sending && !done && read >= 1}
      onClick={finish}
      data-testid="material-done"
      data-done={done}
    >
      {done ? t(task.source?.kind === 'video' ? 'material_watched' : 'material_read') : t('material_mark_read')}
    </Button>
  );

  return (
    <Drawer
      open
      size={phone ? '100%' : 760}
      title={<span style={{ overflowWrap: 'anywhere' }}>{task.title}</span>}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' } }}
    >
      <div data-testid="material-reader" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Progress
          percent={Math.round(read * 100)}
          size="small"
          showInfo={false}
          status={done ? 'success' : 'normal'}
          aria-label={t('material_progress')}
          style={{ margin: 0, lineHeight: 0 }}
          data-testid="material-progress"
        />
        <div ref={setBox} style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: phone ? 16 : 24 }}>
          {material === null ? (
            <Alert type="info" showIcon title={t('material_missing')} />
          ) : material.type === 'link' ? (
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <Typography.Paragraph>{t('material_link_help')}</Typography.Paragraph>
              <Typography.Paragraph
                type="secondary"
                copyable={{ text: material.url }}
                style={{ overflowWrap: 'anywhere' }}
              >
                {material.url}
              </Typography.Paragraph>
              <Button
                type="primary"
                icon={<ExportOutlined />}
                href={material.url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => {
                  setLinkOpened(true);
                  finish();
                }}
                data-testid="material-open-link"
              >
                {t('material_open_link')}
              </Button>
            </Space>
          ) : material.type === 'source' ? (
            task.source ? (
              <LearningSourceViewer
                task={task}
                source={task.source}
                courseId={courseId}
                onView={setView}
                onProgress={(share) => setRead((before) => Math.max(before, share))}
              />
            ) : (
              <Alert type="warning" showIcon title={t('source_gone')} />
            )
          ) : (
            <HtmlContent className="course-material-html" testId="material-html" html={material.html} />
          )}
          <div ref={end} style={{ marginTop: 24, paddingTop: 16, borderTop: '1px solid #f0f0f0', textAlign: 'center' }}>
            {material?.type === 'text' ? (
              <Typography.Paragraph type="secondary">{t('material_end')}</Typography.Paragraph>
            ) : null}
            {material?.type === 'text' || (material && (done || linkOpened)) ? doneButton : null}
            {view.self_test ? (
              <div style={{ marginTop: 16 }}>
                <Typography.Paragraph type="secondary">{t('self_test_after_reading')}</Typography.Paragraph>
                <LearningSelfTestLine task={view} testPrefix="material-self-test" indent={0} />
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </Drawer>
  );
}
