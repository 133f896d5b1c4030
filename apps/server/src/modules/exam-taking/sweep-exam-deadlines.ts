import { queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import { submitAttempt } from './submit-attempt.ts';

const BATCH = 500;
const PARALLEL = 8;

/**
 * One pass of the deadline sweeper (docs/exams.md "Clock"): every attempt still in progress past its deadline is
 * submitted by the server with what was saved, whether or not anybody is connected. Batches of BATCH, oldest
 * deadline first; each attempt is taken with FOR UPDATE SKIP LOCKED, so several instances (or a candidate
 * submitting at the same moment) never submit one twice. Answers how many were submitted.
 */
export async function sweepExamDeadlines(deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'log'>>): Promise<number> {
  let submitted = 0;
  for (;;) {
    const due = await queryRows<{ id: number }>(
      deps.db,
      sql`select id from exam_attempts where status = 'in_progress' and deadline <= now()
          order by deadline limit ${BATCH} for update skip locked`,
    );
    let progress = 0;
    // A few at a time: a class whose window ends at once is submitted in seconds, not one after the other.
    for (let from = 0; from < due.length; from += PARALLEL) {
      const outcomes = await Promise.all(
        due.slice(from, from + PARALLEL).map(({ id }) =>
          submitAttempt(deps.db, { attemptId: Number(id), by: 'server', skipLocked: true }).catch((error: unknown) => {
            // One attempt that cannot be submitted must not hold up the others: logged, tried again next pass.
            deps.log?.error({ err: error, attemptId: Number(id) }, 'exam deadline submit failed');
            return { submitted: false };
          }),
        ),
      );
      progress += outcomes.filter((o) => o.submitted).length;
    }
    submitted += progress;
    if (due.length < BATCH || progress === 0) return submitted;
  }
}
