import { queryRows, schema } from '@app/db';
import type { PaperEntry } from '@app/db/schema/index.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { drawPaper } from './draw-paper.ts';
import { type ExamRecord, recordExamEvent, requireCurrentSiteExam } from './exam-access.queries.ts';
import { submitAttempt } from './submit-attempt.ts';

const { examAttempts, examJoins } = schema;

/** Why the caller cannot start a new attempt of a published exam now, or null. */
export function windowBlock(exam: Pick<ExamRecord, 'windowStart' | 'windowEnd'>, now = Date.now()) {
  if (now < exam.windowStart.getTime()) return 'not_open' as const;
  if (now >= exam.windowEnd.getTime()) return 'ended' as const;
  return null;
}

/** Joins an exam of the current organisation (`my_join_status` 1); joining again changes nothing. */
export async function joinExam(ctx: TenantContext, examId: number): Promise<{ ok: true }> {
  const exam = await requireCurrentSiteExam(ctx, examId);
  await ctx.db
    .insert(examJoins)
    .values({ examId: exam.id, userId: ctx.session.userId, siteId: exam.siteId })
    .onConflictDoNothing();
  return { ok: true };
}

/**
 * Starts an attempt (docs/exams.md "Taking an exam"): an open attempt is resumed as it is; otherwise, inside the
 * window, with attempts left, a paper is drawn and frozen and the deadline set to min(now + duration, window
 * end). The attempt, the join and the 'start' event (with the client address) are one statement, so one
 * transaction; the unique (exam, user, seq) index makes a second concurrent start wait for the first and then find
 * its attempt (resumed).
 */
export async function startExam(ctx: TenantContext, examId: number): Promise<{ attempt_id: number; resumed: boolean }> {
  const { userId } = ctx.session;
  const myAttempts = () =>
    ctx.db
      .select({
        id: examAttempts.id,
        status: examAttempts.status,
        seq: examAttempts.seq,
        deadline: examAttempts.deadline,
      })
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, userId)));
  // The exam check and the first read of my attempts run side by side (the attempts are used only if it passes).
  const [exam, firstRead] = await Promise.all([requireCurrentSiteExam(ctx, examId), myAttempts()]);
  let paper: PaperEntry[] | null = null;
  for (let round = 0; round < 5; round++) {
    const attempts = round === 0 ? firstRead : await myAttempts();
    const open = attempts.find((a) => a.status === 'in_progress');
    if (open && open.deadline.getTime() <= Date.now()) {
      // An open attempt past its deadline the sweeper has not reached yet: submitted by the server first.
      await submitAttempt(ctx.db, { attemptId: open.id, by: 'server' });
      continue;
    }
    if (open) {
      await recordExamEvent(ctx.db, exam.siteId, open.id, 'resume', { ip: ctx.ip });
      return { attempt_id: open.id, resumed: true };
    }
    if (exam.status !== 'published') throw new AppError('exam_not_published');
    const now = Date.now();
    const blocked = windowBlock(exam, now);
    if (blocked === 'not_open') throw new AppError('exam_not_open');
    if (blocked === 'ended') throw new AppError('exam_ended');
    if (attempts.length >= exam.attemptsAllowed) throw new AppError('exam_no_attempts_left');
    paper ??= await drawPaper(ctx.db, exam);
    const seq = Math.max(0, ...attempts.map((a) => a.seq)) + 1;
    const deadline = new Date(Math.min(now + exam.durationSeconds * 1000, exam.windowEnd.getTime()));
    const [created] = await queryRows<{ id: number }>(
      ctx.db,
      sql`with attempt as (
            insert into exam_attempts (site_id, exam_id, user_id, seq, paper, started_at, deadline, last_ip)
            values (${exam.siteId}, ${exam.id}, ${userId}, ${seq}, ${JSON.stringify(paper)}::jsonb,
              ${new Date(now).toISOString()}::timestamptz, ${deadline.toISOString()}::timestamptz, ${ctx.ip.slice(0, 64)})
            on conflict (exam_id, user_id, seq) do nothing
            returning id
          ), joined as (
            insert into exam_joins (exam_id, user_id, site_id) select ${exam.id}, ${userId}, ${exam.siteId} from attempt
            on conflict do nothing
          ), started as (
            insert into exam_events (site_id, attempt_id, kind, detail)
            select ${exam.siteId}, attempt.id, 'start', ${JSON.stringify({ ip: ctx.ip })}::jsonb from attempt
          )
          select id from attempt`,
    );
    if (created) return { attempt_id: Number(created.id), resumed: false };
    // Another start of the same candidate took this seq first: the next round finds (and resumes) its attempt.
  }
  throw new AppError('internal_error');
}
