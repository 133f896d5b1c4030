import {
  CheckCircleOutlined,
  CommentOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  FileDoneOutlined,
  FileSyncOutlined,
  FileTextOutlined,
  FormOutlined,
  LinkOutlined,
  LockOutlined,
  MinusCircleOutlined,
  PlayCircleOutlined,
  SyncOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { TCourseTaskState, TCourseTaskView } from '@app/contracts';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../../shared/ColorTag.tsx';
import { formatTime } from '../../shared/format.ts';

/** The state tag's colour and icon: grey locked, blue not started, gold in progress, green done, red overdue. */
const STATE_LOOK: Record<TCourseTaskState, { color: string; icon: ReactNode }> = {
  locked: { color: 'default', icon: <LockOutlined /> },
  not_started: { color: 'blue', icon: <MinusCircleOutlined /> },
  in_progress: { color: 'gold', icon: <SyncOutlined /> },
  done: { color: 'green', icon: <CheckCircleOutlined /> },
  overdue: { color: 'red', icon: <ExclamationCircleOutlined /> },
};

/** A task's state as its student sees it. */
export function TaskStateTag({ state, testId }: { state: TCourseTaskState; testId?: string }) {
  const { t } = useTranslation('courses-learning');
  const look = STATE_LOOK[state];
  return (
    <ColorTag
      color={look.color}
      icon={look.icon}
      data-testid={testId}
      data-state={state}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`state_${state}`)}
    </ColorTag>
  );
}

/** The icon of a task's kind (a material: its link, text, document or video). */
export function TaskKindIcon({
  task,
}: {
  task: Pick<TCourseTaskView, 'kind' | 'material'> & { source?: TCourseTaskView['source'] };
}) {
  const { t } = useTranslation('courses-learning');
  const icon = (() => {
    switch (task.kind) {
      case 'material':
        if (task.material?.type === 'link') return <LinkOutlined />;
        return task.source?.kind === 'video' ? <PlayCircleOutlined /> : <FileTextOutlined />;
      case 'practice':
        return <EditOutlined />;
      case 'exam':
        return <FileDoneOutlined />;
      case 'random_exam':
        return <FileSyncOutlined />;
      case 'homework':
        return <FormOutlined />;
      case 'interact':
        return <CommentOutlined />;
      case 'live':
        return <VideoCameraOutlined />;
    }
  })();
  return (
    <span role="img" aria-label={t(`kind_${task.kind}`)} title={t(`kind_${task.kind}`)} style={{ color: '#1677ff' }}>
      {icon}
    </span>
  );
}

/** A score (0-100, may have decimals) as people read it: 85, 72.5. */
export const scoreText = (score: number) => String(Math.round(score * 10) / 10);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A due time in words, from `now`: "Overdue by 2 days", "Due in 40 minutes", "Due today at 18:00", "Due tomorrow at
 * 09:00", "Due in 3 days"; the day and hour of the last two (and of overdue ones) follow in brackets.
 */
export function dueInWords(t: TFunction, dueAt: string, now = Date.now()): string {
  const due = dayjs(dueAt);
  const left = due.valueOf() - now;
  const withTime = (words: string) => t('courses-learning:due_words_time', { words, time: formatTime(dueAt) });
  if (left < 0) {
    const late = -left;
    if (late < HOUR) return t('courses-learning:overdue_minutes', { count: Math.max(1, Math.floor(late / MINUTE)) });
    if (late < 24 * HOUR) return withTime(t('courses-learning:overdue_hours', { count: Math.floor(late / HOUR) }));
    return withTime(t('courses-learning:overdue_days', { count: Math.floor(late / (24 * HOUR)) }));
  }
  if (left < HOUR) return t('courses-learning:due_minutes', { count: Math.max(1, Math.ceil(left / MINUTE)) });
  const days = due.startOf('day').diff(dayjs(now).startOf('day'), 'day');
  if (days === 0) return t('courses-learning:due_today', { time: due.format('HH:mm') });
  if (days === 1) return t('courses-learning:due_tomorrow', { time: due.format('HH:mm') });
  return withTime(t('courses-learning:due_days', { count: days }));
}

/** Why a locked task is locked: it opens later, or it waits for the task before it. */
export function lockedReason(t: TFunction, task: Pick<TCourseTaskView, 'open_at' | 'release'>, now = Date.now()) {
  if (task.open_at && dayjs(task.open_at).valueOf() > now)
    return t('courses-learning:locked_opens_at', { time: formatTime(task.open_at) });
  if (task.release === 'after_previous') return t('courses-learning:locked_after_previous');
  return t('courses-learning:locked_not_open');
}

/**
 * A live task's facts: its room's start and state (scheduled, live now, ended) and the whole minutes I was in it; a
 * task whose room is gone says so.
 */
function liveFacts(t: TFunction, task: TCourseTaskView): string[] {
  const room = task.live_room;
  if (!room) return [t('courses-learning:live_no_room')];
  const facts = [
    room.status === 'scheduled'
      ? t('courses-learning:live_starts_at', { time: formatTime(room.starts_at) })
      : t(`courses-learning:live_status_${room.status}`),
  ];
  const minutes = Math.floor(room.attended_seconds / 60);
  if (minutes > 0) facts.push(t('courses-learning:live_attended', { count: minutes }));
  return facts;
}

/** The facts of a task under its title: open and due times, weight, score, or why it is locked. */
export function taskFacts(t: TFunction, task: TCourseTaskView, now = Date.now()): string[] {
  const facts: string[] = [];
  if (task.state === 'locked') facts.push(lockedReason(t, task, now));
  else if (task.open_at) facts.push(t('courses-learning:opens_at', { time: formatTime(task.open_at) }));
  if (task.due_at) {
    const pending = task.state !== 'done' && task.state !== 'locked';
    facts.push(
      pending ? dueInWords(t, task.due_at, now) : t('courses-learning:due_at', { time: formatTime(task.due_at) }),
    );
  }
  if (task.weight > 0) facts.push(t('courses-learning:weight', { weight: task.weight }));
  if (task.open_run_id !== null && task.state !== 'locked') facts.push(t('courses-learning:interact_running'));
  if (task.kind === 'live') facts.push(...liveFacts(t, task));
  if (task.state === 'done')
    facts.push(
      task.score !== null
        ? t('courses-learning:task_score', { score: scoreText(task.score) })
        : task.kind === 'live'
          ? t('courses-learning:live_score_pending')
          : t('courses-learning:score_pending'),
    );
  return facts;
}
