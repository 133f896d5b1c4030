import { LoadingOutlined, RightOutlined } from '@ant-design/icons';
import type { TCourseHome, TCourseTaskView } from '@app/contracts';
import { Collapse, Empty, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../shared/format.ts';
import { hasLiveLine, LearningLiveLine } from './LearningLiveLine.tsx';
import { LearningSelfTestLine } from './LearningSelfTestLine.tsx';
import { TaskKindIcon, TaskStateTag, taskFacts } from './LearningTaskState.tsx';

type Chapter = TCourseHome['chapters'][number];

/**
 * One task as a row: kind icon, title, its facts (open and due times, weight, score, or why it is locked) and its
 * state tag. An available task is a button that opens it; a locked one is not clickable. `testId` names the row, and
 * `<testId prefix>-state-<id>` its state tag.
 */
export function LearningTaskRow({
  task,
  now,
  onOpen,
  busy = false,
  testPrefix = 'course-task',
}: {
  task: TCourseTaskView;
  now: number;
  onOpen: (task: TCourseTaskView) => void;
  busy?: boolean;
  testPrefix?: string;
}) {
  const { t } = useTranslation('courses-learning');
  const locked = task.state === 'locked';
  const facts = taskFacts(t, task, now);
  const selfTest = task.self_test && !locked;
  // A line under the row: a material's self-test, a live task's room or recording.
  const line = selfTest || hasLiveLine(task);
  const row = (
    <button
      type="button"
      disabled={locked}
      onClick={() => onOpen(task)}
      data-testid={`${testPrefix}-${task.id}`}
      data-state={task.state}
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 12,
        width: '100%',
        padding: '10px 4px',
        border: 'none',
        borderBottom: line ? 'none' : '1px solid #f0f0f0',
        background: 'none',
        font: 'inherit',
        color: 'inherit',
        textAlign: 'start',
        cursor: locked ? 'not-allowed' : 'pointer',
        opacity: locked ? 0.65 : 1,
      }}
    >
      <span style={{ fontSize: 18, lineHeight: '24px' }}>
        <TaskKindIcon task={task} />
      </span>
      <span style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
          {task.title}
        </Typography.Text>
        <span style={{ display: 'block', color: '#595959', fontSize: 13 }}>
          {t(`kind_${task.kind}`)}
          {facts.map((fact) => (
            <span key={fact}>
              {' · '}
              {fact}
            </span>
          ))}
        </span>
      </span>
      <span style={{ display: 'flex', alignItems: 'center', gap: 8, flexShrink: 0, lineHeight: '24px' }}>
        <TaskStateTag state={task.state} testId={`${testPrefix}-state-${task.id}`} />
        {locked ? null : busy ? <LoadingOutlined /> : <RightOutlined style={{ color: '#8c8c8c' }} />}
      </span>
    </button>
  );
  if (!line) return row;
  // Its own buttons under the row (a button cannot hold another).
  return (
    <div style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 10 }}>
      {row}
      <LearningSelfTestLine task={task} testPrefix={`${testPrefix}-self-test`} />
      <LearningLiveLine task={task} testPrefix={`${testPrefix}-live`} />
    </div>
  );
}

/** Whether a chapter's dates hold today. */
const isCurrent = (chapter: Chapter, today: string) =>
  Boolean(chapter.starts_on && chapter.ends_on && chapter.starts_on <= today && today <= chapter.ends_on);

/**
 * The chapters open at first: the current week's; without one, the first chapter with an open task not done yet;
 * else the first chapter.
 */
export function chaptersOpenFirst(chapters: readonly Chapter[], today: string): string[] {
  const current = chapters.filter((chapter) => isCurrent(chapter, today));
  if (current.length > 0) return current.map((chapter) => String(chapter.id));
  const next = chapters.find((chapter) =>
    chapter.tasks.some((task) => task.state !== 'done' && task.state !== 'locked'),
  );
  const first = next ?? chapters[0];
  return first ? [String(first.id)] : [];
}

/** The chapters, collapsible, each with its tasks in order; the current week open at first. */
export function LearningChapters({
  chapters,
  now,
  onOpen,
  busyTaskId,
}: {
  chapters: readonly Chapter[];
  now: number;
  onOpen: (task: TCourseTaskView) => void;
  busyTaskId?: number | null;
}) {
  const { t } = useTranslation('courses-learning');
  const today = dayjs(now).format('YYYY-MM-DD');
  if (chapters.length === 0) return <Empty description={t('chapters_empty')} />;
  return (
    <Collapse
      defaultActiveKey={chaptersOpenFirst(chapters, today)}
      styles={{ body: { paddingBlock: 0 } }}
      data-testid="course-chapters"
      items={chapters.map((chapter) => {
        const done = chapter.tasks.filter((task) => task.state === 'done').length;
        return {
          key: String(chapter.id),
          label: (
            <span data-testid={`course-chapter-${chapter.id}`} style={{ overflowWrap: 'anywhere' }}>
              <Typography.Text strong>{chapter.title}</Typography.Text>
              {chapter.starts_on || chapter.ends_on ? (
                <Typography.Text type="secondary" style={{ marginInlineStart: 8, whiteSpace: 'nowrap' }}>
                  {formatDay(chapter.starts_on)} – {formatDay(chapter.ends_on)}
                </Typography.Text>
              ) : null}
              {isCurrent(chapter, today) ? (
                <Tag color="processing" style={{ marginInlineStart: 8 }}>
                  {t('this_week')}
                </Tag>
              ) : null}
            </span>
          ),
          extra: (
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t('chapter_done', { done, total: chapter.tasks.length })}
            </Typography.Text>
          ),
          children:
            chapter.tasks.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chapter_empty')} />
            ) : (
              chapter.tasks.map((task) => (
                <LearningTaskRow key={task.id} task={task} now={now} onOpen={onOpen} busy={busyTaskId === task.id} />
              ))
            ),
        };
      })}
    />
  );
}
