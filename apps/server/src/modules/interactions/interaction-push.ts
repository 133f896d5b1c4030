import { queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import type { RunRecord } from './run-state.ts';
import { runStudentIds } from './run-views.queries.ts';

/** What students' pages receive: a question sent (with it, so the page shows it at once), closed, revealed, ended. */
export type InteractEvent =
  | { event: 'question'; index: number; question: unknown; remaining_ms: number | null }
  | { event: 'closed' | 'revealed' | 'ended'; index: number };

/** Tells every student of the run's classes, on every instance (best effort, never throws). */
export async function pushToStudents(deps: AppDeps, run: RunRecord, message: InteractEvent): Promise<void> {
  const students = await runStudentIds(deps.db, run.siteId, run.classIds);
  const data = { data: { action: 'interact', run_id: run.id, ...message } };
  await deps.hub.publishToUsers(students, data);
}

/** The live counts reach the teacher at most this often per run and instance, however fast answers come. */
const LIVE_EVERY_MS = 250;
const pending = new Map<number, NodeJS.Timeout>();

/**
 * Tells the run's teacher its counts (`interact_live` with the current question's answers and the joined students,
 * counted when sent; the page shows them at once and reads `/course-interact/live` again for the split), at most
 * every LIVE_EVERY_MS per run and instance: a class answering at once sends a few updates a second, not one per
 * answer.
 */
export function scheduleLiveUpdate(
  deps: AppDeps,
  run: Pick<RunRecord, 'id' | 'startedBy' | 'currentIndex' | 'mode'>,
): void {
  if (run.startedBy === null || pending.has(run.id)) return;
  const teacherId = run.startedBy;
  const timer = setTimeout(() => {
    pending.delete(run.id);
    void liveCounts(deps, run)
      .then((counts) =>
        deps.hub.publishToUser(teacherId, {
          data: { action: 'interact_live', run_id: run.id, index: run.currentIndex, ...counts },
        }),
      )
      .catch((error: unknown) => deps.log.warn({ err: error, run: run.id }, 'interaction live update failed'));
  }, LIVE_EVERY_MS);
  timer.unref();
  pending.set(run.id, timer);
}

/** Answers to the current question (self-paced: to any question) and the students who joined. */
async function liveCounts(deps: AppDeps, run: Pick<RunRecord, 'id' | 'currentIndex' | 'mode'>) {
  const question = run.mode === 'self_paced' ? sql`true` : sql`question_index = ${run.currentIndex}`;
  const [row] = await queryRows<{ answered: number; joined: number }>(
    deps.db,
    sql`select (select count(*)::int from interaction_answers where run_id = ${run.id} and ${question}) as answered,
      (select count(*)::int from interaction_joins where run_id = ${run.id}) as joined`,
  );
  return { answered: Number(row?.answered ?? 0), joined: Number(row?.joined ?? 0) };
}

const closers = new Map<number, NodeJS.Timeout>();

/** At the deadline, tells the students and the teacher the question closed (their own clocks say so too). */
export function scheduleDeadline(deps: AppDeps, run: RunRecord): void {
  clearTimeout(closers.get(run.id));
  closers.delete(run.id);
  if (run.questionDeadline === null) return;
  const timer = setTimeout(
    () => {
      closers.delete(run.id);
      void pushToStudents(deps, run, { event: 'closed', index: run.currentIndex }).catch(() => undefined);
      scheduleLiveUpdate(deps, run);
    },
    Math.max(0, run.questionDeadline.getTime() - Date.now()),
  );
  timer.unref();
  closers.set(run.id, timer);
}
