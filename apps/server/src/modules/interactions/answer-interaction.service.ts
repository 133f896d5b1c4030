import { answerMisfit, isChoiceType, type TAnswerResponse, type TRunStudentView } from '@app/contracts';
import { queryRows, schema } from '@app/db';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { answerCaches } from './answer-caches.ts';
import { scheduleLiveUpdate } from './interaction-push.ts';
import { cachedQuestion } from './interaction-questions.queries.ts';
import { gradeInteractAnswer, stateNow } from './run-state.ts';
import { requireStudentRun, studentView } from './run-views.queries.ts';

/** `/course-interact/join`: the student's view (also the catch-up after a reconnect); marks them as joined. */
export async function joinRun(ctx: TenantContext, runId: number): Promise<TRunStudentView> {
  const { siteId, userId } = ctx.session;
  const run = await requireStudentRun(ctx.db, siteId, userId, runId);
  const joined = await ctx.db
    .insert(schema.interactionJoins)
    .values({ runId: run.id, userId })
    .onConflictDoNothing()
    .returning({ runId: schema.interactionJoins.runId });
  if (joined.length > 0) scheduleLiveUpdate(ctx.deps, run);
  return studentView(ctx.db, run, userId);
}

interface AnswerInput {
  run_id: number;
  index: number;
  chosen: number[];
  response: TAnswerResponse | null;
}

/**
 * `/course-interact/answer`: an answer to the current question (self-paced: any question of the run) while it is
 * open, graded at once (the student sees the outcome when it closes). One per student and question: a second one is
 * refused, or replaces the first when the interaction allows changes. The insert itself checks the question is still
 * open, so an answer racing a close either lands before it or is refused. Self-paced answers earn no speed points.
 */
export async function answerRun(ctx: TenantContext, input: AnswerInput): Promise<TRunStudentView> {
  const { siteId, userId } = ctx.session;
  const run = await requireStudentRun(ctx.db, siteId, userId, input.run_id);
  const now = new Date();
  const selfPaced = run.mode === 'self_paced';
  if (run.status !== 'open' || (!selfPaced && input.index !== run.currentIndex) || stateNow(run, now) !== 'open') {
    throw new AppError('interaction_question_closed');
  }
  const index = selfPaced ? input.index : run.currentIndex;
  const item = run.items[index];
  if (!item) throw new AppError('interaction_index_wrong');
  const question = await cachedQuestion(ctx.db, siteId, item.question_id);
  if (!question) throw new AppError('interaction_question_closed');
  const choice = isChoiceType(question.type);
  const chosen = choice ? [...new Set(input.chosen)].sort((a, b) => a - b) : [];
  const misfit = answerMisfit(question, choice ? { chosen } : { response: input.response ?? undefined });
  const badChoice =
    choice &&
    (chosen.length === 0 ||
      chosen.some((key) => key >= question.options.length) ||
      (question.type !== 'multiple' && chosen.length > 1));
  if (misfit || badChoice) throw new AppError('interaction_answer_invalid', {}, { reason: misfit ?? 'chosen_wrong' });
  const response = choice ? null : input.response;
  const elapsedMs = Math.max(0, now.getTime() - (run.questionOpenedAt ?? now).getTime());
  const speed = run.settings.speed_points && !selfPaced;
  const graded = gradeInteractAnswer(question, { chosen, response }, item, speed, elapsedMs);
  const conflict = run.settings.allow_change
    ? sql`do update set chosen = excluded.chosen, response = excluded.response, share = excluded.share,
        correct = excluded.correct, points = excluded.points, elapsed_ms = excluded.elapsed_ms, answered_at = now()`
    : sql`do nothing`;
  const stored = await queryRows<{ id: number }>(
    ctx.db,
    sql`insert into interaction_answers (site_id, run_id, question_index, question_id, user_id, chosen, response,
        share, correct, points, elapsed_ms)
      select ${siteId}, ${run.id}, ${index}, ${question.id}, ${userId}, ${JSON.stringify(chosen)}::jsonb,
        ${response === null ? null : JSON.stringify(response)}::jsonb, ${graded.share}, ${graded.correct},
        ${graded.points}, ${elapsedMs}
      where exists (select 1 from interaction_runs r where r.id = ${run.id} and r.status = 'open'
        and r.current_index = ${run.currentIndex} and r.question_state = 'open'
        and (r.question_deadline is null or r.question_deadline > now()))
      on conflict (run_id, question_index, user_id) ${conflict}
      returning id`,
  );
  if (stored.length === 0) {
    const after = await requireStudentRun(ctx.db, siteId, userId, run.id);
    if (after.currentIndex !== run.currentIndex || stateNow(after, new Date()) !== 'open') {
      throw new AppError('interaction_question_closed');
    }
    throw new AppError('interaction_already_answered');
  }
  const joinKey = `${run.id}:${userId}`;
  const { joined } = answerCaches(ctx.db);
  if (!joined.get(joinKey)) {
    await ctx.db.insert(schema.interactionJoins).values({ runId: run.id, userId }).onConflictDoNothing();
    joined.set(joinKey, true);
  }
  scheduleLiveUpdate(ctx.deps, run);
  return studentView(ctx.db, run, userId);
}
