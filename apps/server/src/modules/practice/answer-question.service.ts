import { isChoiceType, specOf, type TAnswerResponse, type TPracticeAnswerResult } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { correctKeys } from '../exam-taking/index.ts';
import { recordQuestionAnswers } from '../question-reports/index.ts';
import { gradePracticeAnswer, type PracticeAnswerInput, shareOf } from './grade-practice-answer.ts';
import { loadMySession, wrongBookN } from './practice.queries.ts';
import { loadPracticeQuestions } from './practice-questions.ts';
import { applyWrongBookRule } from './wrong-book-rule.ts';

const { practiceAnswers, practiceSessions } = schema;

/**
 * Answers one question of my open session and grades it at once as exams do (`gradePracticeAnswer`): correct with
 * full marks only, so a part-right answer goes to the wrong-answer book too. The first answer of a question in a
 * session stands: a second one changes nothing and answers the first one's result (no double counting). An answer
 * that does not fit the question is refused before anything is written.
 */
export async function answerQuestion(
  ctx: TenantContext,
  input: { session_id: number; question_id: number } & PracticeAnswerInput,
): Promise<TPracticeAnswerResult> {
  const { siteId, userId } = ctx.session;
  const session = await loadMySession(ctx.db, siteId, userId, input.session_id);
  if (!session.questionIds.includes(input.question_id)) throw new AppError('not_found');
  const question = (await loadPracticeQuestions(ctx.db, siteId, [input.question_id])).get(input.question_id);
  if (!question) throw new AppError('not_found');
  const graded = gradePracticeAnswer(question, input);
  const n = await wrongBookN(ctx.db, siteId);
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
      .values({
        siteId,
        sessionId: session.id,
        userId,
        questionId: question.id,
        chosen: graded.chosen,
        response: graded.response,
        share: graded.share,
        correct: graded.correct,
      })
      .onConflictDoNothing()
      .returning({ id: practiceAnswers.id });
    if (!inserted) {
      const [first] = await tx
        .select({
          chosen: practiceAnswers.chosen,
          response: practiceAnswers.response,
          share: practiceAnswers.share,
          correct: practiceAnswers.correct,
        })
        .from(practiceAnswers)
        .where(and(eq(practiceAnswers.sessionId, session.id), eq(practiceAnswers.questionId, question.id)));
      return { ...first!, response: first!.response as TAnswerResponse | null, share: shareOf(first!) };
    }
    await tx
      .update(practiceSessions)
      .set({
        answeredCount: sql`${practiceSessions.answeredCount} + 1`,
        correctCount: sql`${practiceSessions.correctCount} + ${graded.correct ? 1 : 0}`,
      })
      .where(eq(practiceSessions.id, session.id));
    await applyWrongBookRule(tx, siteId, userId, question.id, graded.correct, n);
    await recordQuestionAnswers(tx, siteId, [{ questionId: question.id, correct: graded.correct }]);
    return graded;
  });
  const choice = isChoiceType(question.type);
  return {
    correct: standing.correct,
    share: standing.share,
    correct_options: choice ? correctKeys(question.options) : [],
    spec: choice ? null : specOf(question.type, question.spec),
    analysis: question.analysis,
    chosen: standing.chosen,
    response: standing.response,
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
