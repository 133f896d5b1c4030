import type { TPracticeAnswerResult } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { recordQuestionAnswers } from '../question-reports/index.ts';
import { correctPositions, isCorrectAnswer, loadMySession, wrongBookN } from './practice.queries.ts';
import { applyWrongBookRule } from './wrong-book-rule.ts';

const { practiceAnswers, practiceSessions, questions } = schema;

/**
 * Answers one question of my open session and judges it at once. The first answer of a question in a session
 * stands: a second one changes nothing and answers the first one's result (no double counting).
 */
export async function answerQuestion(
  ctx: TenantContext,
  input: { session_id: number; question_id: number; chosen: number[] },
): Promise<TPracticeAnswerResult> {
  const { siteId, userId } = ctx.session;
  const session = await loadMySession(ctx.db, siteId, userId, input.session_id);
  if (!session.questionIds.includes(input.question_id)) throw new AppError('not_found');
  const [question] = await ctx.db
    .select({ options: questions.options, analysis: questions.analysis })
    .from(questions)
    .where(and(eq(questions.id, input.question_id), eq(questions.siteId, siteId)));
  if (!question) throw new AppError('not_found');
  const n = await wrongBookN(ctx.db, siteId);
  const chosen = [...new Set(input.chosen)].sort((a, b) => a - b);
  const correct = isCorrectAnswer(question.options, chosen);
  const standing = await ctx.db.transaction(async (tx) => {
    // Taking the session row first serialises answers of one session, and a finished session refuses.
    const [open] = await tx
      .update(practiceSessions)
      .set({ answeredCount: sql`${practiceSessions.answeredCount}` })
      .where(and(eq(practiceSessions.id, session.id), isNull(practiceSessions.finishedAt)))
      .returning({ id: practiceSessions.id });
    if (!open) throw new AppError('practice_session_finished');
    const [inserted] = await tx
      .insert(practiceAnswers)
      .values({ siteId, sessionId: session.id, userId, questionId: input.question_id, chosen, correct })
      .onConflictDoNothing()
      .returning({ id: practiceAnswers.id });
    if (!inserted) {
      const [first] = await tx
        .select({ chosen: practiceAnswers.chosen, correct: practiceAnswers.correct })
        .from(practiceAnswers)
        .where(and(eq(practiceAnswers.sessionId, session.id), eq(practiceAnswers.questionId, input.question_id)));
      return first!;
    }
    await tx
      .update(practiceSessions)
      .set({
        answeredCount: sql`${practiceSessions.answeredCount} + 1`,
        correctCount: sql`${practiceSessions.correctCount} + ${correct ? 1 : 0}`,
      })
      .where(eq(practiceSessions.id, session.id));
    await applyWrongBookRule(tx, siteId, userId, input.question_id, correct, n);
    await recordQuestionAnswers(tx, siteId, [{ questionId: input.question_id, correct }]);
    return { chosen, correct };
  });
  return {
    correct: standing.correct,
    correct_options: correctPositions(question.options),
    analysis: question.analysis,
    chosen: standing.chosen,
  };
}

/** Finishes my session (once; finishing again changes nothing). */
export async function finishPractice(ctx: TenantContext, sessionId: number): Promise<{ ok: true }> {
  const { siteId, userId } = ctx.session;
  const session = await loadMySession(ctx.db, siteId, userId, sessionId);
  await ctx.db
    .update(practiceSessions)
    .set({ finishedAt: new Date() })
    .where(and(eq(practiceSessions.id, session.id), isNull(practiceSessions.finishedAt)));
  return { ok: true };
}
