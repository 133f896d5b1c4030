import { COURSE_LIMITS, type TCourseTaskView } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { loadTask } from './course-content.queries.ts';
import { studentTaskView } from './course-learning.queries.ts';
import { withMaterialSources } from './course-material-sources.queries.ts';
import { withSelfTests } from './course-self-test-figures.queries.ts';

const { courseTaskProgress } = schema;

/** A first report may add at most this many seconds (there is no earlier report to measure from). */
const FIRST_REPORT_SECONDS = 300;
/** Share at which a material is done: links, text and documents read to the end; videos watched to 90 %. */
const DONE_AT = 1;
/** Slack on a video's watched share: its seconds may exceed the time that passed by this much (buffering, clocks). */
const VIDEO_SLACK_SECONDS = 5;
/** A video's first report comes within seconds of pressing play (the player reports every 10 s). */
const VIDEO_FIRST_REPORT_SECONDS = 30;

/** The task as its student sees it now, with its library file and self-test figures. */
async function myTaskView(db: Executor, siteId: number, userId: number, taskId: number): Promise<TCourseTaskView> {
  const view = await studentTaskView(db, siteId, userId, taskId);
  return (await withSelfTests(db, siteId, userId, await withMaterialSources(db, siteId, [view])))[0]!;
}

/**
 * `/dataset-course/task-progress`: the student reports how far they read an available material task. Progress never
 * goes back; read to the end is done (score 100), a video at 90 % watched. The seconds added are capped by the time
 * since the last report (plus 5 s of slack; 5 minutes for a first report) and by the contract's limit, so a client
 * cannot inflate them; a video of known length also advances by no more than those seconds of it, so reporting
 * "watched" without playing it does not complete it. `position` (where to resume) is kept as sent.
 */
export async function reportTaskProgress(
  ctx: TenantContext,
  input: { task_id: number; progress: number; seconds: number; position?: number | undefined },
): Promise<TCourseTaskView> {
  const { siteId, userId } = ctx.session;
  const view = await myTaskView(ctx.db, siteId, userId, input.task_id);
  if (view.kind !== 'material') throw new AppError('course_task_not_material');
  if (view.state === 'locked') throw new AppError('course_task_locked');
  const task = await loadTask(ctx.db, siteId, input.task_id);
  await ctx.db.transaction(async (tx) => {
    const where = and(eq(courseTaskProgress.taskId, task.id), eq(courseTaskProgress.userId, userId));
    let [row] = await tx.select().from(courseTaskProgress).where(where).for('update');
    const now = new Date();
    const first = view.source?.kind === 'video' ? VIDEO_FIRST_REPORT_SECONDS : FIRST_REPORT_SECONDS;
    const allowed = row ? Math.ceil((now.getTime() - row.updatedAt.getTime()) / 1000) + 5 : first;
    const seconds = Math.max(0, Math.min(input.seconds, allowed, COURSE_LIMITS.progressSeconds));
    if (!row) {
      await tx
        .insert(courseTaskProgress)
        .values({ taskId: task.id, userId, siteId, courseId: task.courseId, updatedAt: now, startedAt: now })
        .onConflictDoNothing();
      [row] = await tx.select().from(courseTaskProgress).where(where).for('update');
    }
    const duration = view.source?.kind === 'video' ? view.source.duration_seconds : null;
    const reachable = duration
      ? row!.progress + (Math.min(allowed, COURSE_LIMITS.progressSeconds) + VIDEO_SLACK_SECONDS) / duration
      : 1;
    const progress = Math.max(row!.progress, Math.min(input.progress, reachable, 1));
    const doneAt = view.source?.kind === 'video' ? COURSE_LIMITS.videoDoneShare : DONE_AT;
    const done = row!.status === 'done' || progress >= doneAt;
    await tx
      .update(courseTaskProgress)
      .set({
        progress,
        position: input.position ?? row!.position,
        status: done ? 'done' : 'started',
        score: done ? 100 : null,
        secondsSpent: Math.min(row!.secondsSpent + seconds, 2_000_000_000),
        completedAt: done ? (row!.completedAt ?? now) : null,
        updatedAt: now,
      })
      .where(where);
  });
  return myTaskView(ctx.db, siteId, userId, input.task_id);
}
