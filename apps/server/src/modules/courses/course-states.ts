import type { TCourseTaskState, TCourseTaskView } from '@app/contracts';
import type { TaskOutcome } from './course-work.queries.ts';

/**
 * The rules of docs/courses.md as pure functions over one student's task outcomes of one online course, in course
 * order (chapter, then task).
 */

/**
 * Whether each task is available to the student now: its open time (when it has one) has come, and for
 * `after_previous` the task before it in the course (if any) is done.
 */
export function availability(tasks: readonly TaskOutcome[], now: Date): boolean[] {
  return tasks.map((task, index) => {
    if (task.openAt !== null && task.openAt.getTime() > now.getTime()) return false;
    if (task.release === 'after_previous' && index > 0) return tasks[index - 1]!.done;
    return true;
  });
}

/** done; else locked while not available; else overdue once the due time passed; else in progress or not started. */
export function stateOf(task: TaskOutcome, available: boolean, now: Date): TCourseTaskState {
  if (task.done) return 'done';
  if (!available) return 'locked';
  if (task.dueAt !== null && task.dueAt.getTime() < now.getTime()) return 'overdue';
  return task.started ? 'in_progress' : 'not_started';
}

/** The tasks as their student sees them; material only once available. */
export function taskViews(tasks: readonly TaskOutcome[], now: Date): TCourseTaskView[] {
  const open = availability(tasks, now);
  return tasks.map((task, index) => ({
    id: task.id,
    chapter_id: task.chapterId,
    seq: task.seq,
    kind: task.kind,
    title: task.title,
    open_at: task.openAt?.toISOString() ?? null,
    due_at: task.dueAt?.toISOString() ?? null,
    weight: task.weight,
    release: task.release,
    state: stateOf(task, open[index]!, now),
    progress: task.progress,
    score: task.score,
    seconds_spent: task.seconds,
    practice_set_id: task.practiceSetId,
    exam_id: task.examId,
    material: open[index] || task.done ? task.material : null,
    source: null,
    position: task.position,
    open_session_id: null,
    interaction_id: task.interactionId,
    open_run_id: null,
    last_run_id: null,
    live_room_id: task.liveRoomId,
    live_room: null,
    self_test: null,
  }));
}

/** Σ(weight × score) / Σ weight over tasks with a weight (a task not done, or not graded yet, counts 0); null without weights. */
export function courseScore(tasks: readonly Pick<TCourseTaskView, 'weight' | 'state' | 'score'>[]): number | null {
  const weighted = tasks.filter((task) => task.weight > 0);
  const total = weighted.reduce((sum, task) => sum + task.weight, 0);
  if (total === 0) return null;
  const earned = weighted.reduce((sum, task) => sum + task.weight * (task.state === 'done' ? (task.score ?? 0) : 0), 0);
  return Math.round((earned / total) * 100) / 100;
}

/**
 * The course's figures for its student: tasks done of all, the score, and whether it is finished (its end date
 * passed, or every weighted task — every task when none is weighted — is done).
 */
export function courseFigures(views: readonly TCourseTaskView[], ended: boolean) {
  const done = views.filter((view) => view.state === 'done').length;
  const weighted = views.filter((view) => view.weight > 0);
  const counted = weighted.length > 0 ? weighted : views;
  return {
    task_count: views.length,
    done_count: done,
    progress: views.length === 0 ? 0 : Math.round((done / views.length) * 100),
    score: courseScore(views),
    finished: ended || (counted.length > 0 && counted.every((view) => view.state === 'done')),
  };
}

/** Not done, available, due within `days` days (or overdue): what the to-do panel lists. */
export function isDueSoon(view: TCourseTaskView, now: Date, days = 7): boolean {
  if (view.state === 'done' || view.state === 'locked' || view.due_at === null) return false;
  return new Date(view.due_at).getTime() <= now.getTime() + days * 86_400_000;
}
