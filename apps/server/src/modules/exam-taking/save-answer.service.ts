import type { EXAM_PAGE_EVENTS, TAnswerResponse } from '@app/contracts';
import { queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isDeviceKind, recordDeviceEvent } from './device-events.queries.ts';
import { type AttemptRecord, loadMyAttempt, recordExamEvent, remainingMs } from './exam-access.queries.ts';

const { examAnswers, examAttempts } = schema;

/**
 * The answer as kept: null when nothing but choices was given. Files are kept only when uploaded to this attempt
 * (their key starts with its id, `answer-files.ts`), so nobody can name another candidate's file.
 */
function storedResponse(attemptId: number, response: TAnswerResponse | undefined): TAnswerResponse | null {
  if (!response) return null;
  const { files, ...kept } = response;
  const own = (files ?? []).filter((file) => file.key.startsWith(`${attemptId}/`));
  const stored = own.length > 0 ? { ...kept, files: own } : kept;
  return Object.keys(stored).length === 0 ? null : stored;
}

/** The attempt refuses changes: exam_time_over past the deadline (or submitted by the server), else closed. */
function closedError(attempt: Pick<AttemptRecord, 'status' | 'deadline' | 'submittedBy'>): AppError {
  if (attempt.status === 'in_progress' || attempt.submittedBy === 'server') return new AppError('exam_time_over');
  return new AppError('exam_attempt_closed');
}

/** A client address other than the attempt's last one: recorded as an 'ip_change' event, and kept as the last. */
async function noteAddress(
  ctx: TenantContext,
  attempt: Pick<AttemptRecord, 'id' | 'siteId' | 'lastIp'>,
): Promise<void> {
  const ip = ctx.ip.slice(0, 64);
  if (ip === attempt.lastIp) return;
  const changed = await ctx.db
    .update(examAttempts)
    .set({ lastIp: ip })
    .where(and(eq(examAttempts.id, attempt.id), eq(examAttempts.lastIp, attempt.lastIp)))
    .returning({ id: examAttempts.id });
  if (changed.length > 0)
    await recordExamEvent(ctx.db, attempt.siteId, attempt.id, 'ip_change', { from: attempt.lastIp, to: ip });
}

/**
 * Saves one answer of the caller's open attempt (docs/exams.md "Clock and answers"). The question must be on the
 * paper (else not_found) and the chosen keys options of it (exam_option_invalid). The save is one statement that
 * checks all that and holds the attempt row shared, so it never lands after a submit: past the deadline or once
 * submitted it is refused (exam_time_over / exam_attempt_closed). A save whose `client_seq` is not above the stored
 * one is a replay: acknowledged with saved=false, the newer answer stays. The reasons are looked up only when the
 * statement saved nothing.
 */
export async function saveAnswer(
  ctx: TenantContext,
  input: {
    attempt_id: number;
    question_id: number;
    chosen: number[];
    response?: TAnswerResponse | undefined;
    client_seq: number;
  },
): Promise<{ saved: boolean; client_seq: number; remaining_ms: number }> {
  const { siteId, userId } = ctx.session;
  const chosen = [...new Set(input.chosen)].sort((a, b) => a - b);
  const response = storedResponse(input.attempt_id, input.response);
  const highest = Math.max(-1, ...chosen, ...(response?.order ?? []));
  const [row] = await queryRows<{ client_seq: number | null; deadline: Date | string; last_ip: string }>(
    ctx.db,
    sql`with open as (
          select a.id, a.site_id, a.deadline, a.last_ip from exam_attempts a
          where a.id = ${input.attempt_id} and a.site_id = ${siteId} and a.user_id = ${userId}
            and a.status = 'in_progress' and a.deadline > now()
            and exists (select 1 from jsonb_array_elements(a.paper) e
              where (e->>'questionId')::bigint = ${input.question_id}
                and jsonb_array_length(e->'optionOrder') > ${highest}::int)
          for share
        ), saved as (
          insert into exam_answers (attempt_id, question_id, site_id, chosen, response, client_seq)
          select open.id, ${input.question_id}, open.site_id, ${JSON.stringify(chosen)}::jsonb,
            ${response === null ? null : JSON.stringify(response)}::jsonb, ${input.client_seq}
          from open
          on conflict (attempt_id, question_id) do update
            set chosen = excluded.chosen, response = excluded.response, client_seq = excluded.client_seq,
              saved_at = now()
            where exam_answers.client_seq < excluded.client_seq
          returning client_seq
        )
        select (select client_seq from saved) as client_seq, open.deadline, open.last_ip from open`,
  );
  if (!row) return refusal(ctx, input, [...chosen, ...(response?.order ?? [])]);
  const deadline = new Date(row.deadline);
  if (row.last_ip !== ctx.ip.slice(0, 64)) {
    await noteAddress(ctx, { id: input.attempt_id, siteId, lastIp: row.last_ip });
  }
  if (row.client_seq !== null) {
    return { saved: true, client_seq: Number(row.client_seq), remaining_ms: remainingMs(deadline) };
  }
  const [stored] = await ctx.db
    .select({ clientSeq: examAnswers.clientSeq })
    .from(examAnswers)
    .where(and(eq(examAnswers.attemptId, input.attempt_id), eq(examAnswers.questionId, input.question_id)));
  return { saved: false, client_seq: stored?.clientSeq ?? input.client_seq, remaining_ms: remainingMs(deadline) };
}

/** Why a save was refused: not the caller's attempt or question, an invalid option, the time, or a closed attempt. */
async function refusal(
  ctx: TenantContext,
  input: { attempt_id: number; question_id: number },
  chosen: number[],
): Promise<never> {
  const attempt = await loadMyAttempt(ctx, input.attempt_id);
  const entry = attempt.paper.find((e) => e.questionId === input.question_id);
  if (!entry) throw new AppError('not_found');
  if (chosen.some((key) => key >= entry.optionOrder.length)) throw new AppError('exam_option_invalid');
  throw closedError(attempt);
}

/**
 * The page reports leaving the page, losing focus or reconnecting, and with live invigilation the camera or screen
 * going on or stopping (written only when the timeline's device changes): one event of the attempt's timeline.
 */
export async function recordPageEvent(
  ctx: TenantContext,
  input: { attempt_id: number; kind: (typeof EXAM_PAGE_EVENTS)[number]; detail?: Record<string, string | number> },
): Promise<{ ok: true }> {
  const attempt = await loadMyAttempt(ctx, input.attempt_id);
  const detail = Object.fromEntries(Object.entries(input.detail ?? {}).slice(0, 20));
  if (isDeviceKind(input.kind)) {
    await recordDeviceEvent(ctx.db, { id: attempt.id }, input.kind, { ...detail, source: 'page' });
  } else {
    await recordExamEvent(ctx.db, attempt.siteId, attempt.id, input.kind, { ...detail, ip: ctx.ip });
  }
  if (attempt.status === 'in_progress') await noteAddress(ctx, attempt);
  return { ok: true };
}
