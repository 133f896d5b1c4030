import {
  answerMisfit,
  isChoiceType,
  type TAnswerResponse,
  type TCourseSelfTestResult,
  type ZCourseSelfTestAnswer,
} from '@app/contracts';
import { schema } from '@app/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { correctKeys, gradeAnswer, keyCount } from '../exam-taking/index.ts';
import { pointsEach, requireSelfTest, shownSelfTestQuestion } from './course-self-test.queries.ts';
import { round2 } from './course-self-test-figures.queries.ts';
import type { SelfTestQuestion } from './course-self-test-questions.queries.ts';

type AnswerInput = z.output<typeof ZCourseSelfTestAnswer>;

/** Graded on this many points, so a share keeps 4 decimals after the exams' rounding down to the cent. */
const SHARE_POINTS = 100;

const invalid = (reason: string, questionId?: number) =>
  new AppError('course_self_test_answer_invalid', {}, { reason, question_id: questionId ?? null });

/**
 * The answers by question, checked: each names a question of the test once, and fits it (`answerMisfit`; choices
 * also within its options, one for single choice and judge). Else course_self_test_answer_invalid with the reason.
 */
function checkedAnswers(paper: readonly SelfTestQuestion[], answers: readonly AnswerInput[]) {
  const byId = new Map(paper.map((question) => [question.id, question]));
  const checked = new Map<number, { chosen: number[]; response: TAnswerResponse | null }>();
  for (const answer of answers) {
    const question = byId.get(answer.question_id);
    if (!question) throw invalid('unknown_question', answer.question_id);
    if (checked.has(question.id)) throw invalid('duplicate', question.id);
    const misfit = answerMisfit(question, answer);
    if (misfit) throw invalid(misfit, question.id);
    const choice = isChoiceType(question.type);
    const chosen = choice ? [...new Set(answer.chosen)].sort((a, b) => a - b) : [];
    const badChoice =
      choice &&
      (chosen.length === 0 ||
        chosen.some((key) => key >= question.options.length) ||
        (question.type !== 'multiple' && chosen.length > 1));
    if (badChoice) throw invalid('chosen_wrong', question.id);
    checked.set(question.id, { chosen, response: choice ? null : (answer.response ?? null) });
  }
  return checked;
}

/**
 * `/dataset-course/self-test-submit`: grades the student's answers to a material's self-test with the exams'
 * grading (partial credit for multiple choice; the other types their share), each question an equal part of 100;
 * unanswered questions are wrong. Keeps attempts, best and last score (retakes free); the course score is not
 * touched. Nothing is kept when an answer is refused.
 */
export async function submitCourseSelfTest(
  ctx: TenantContext,
  input: { task_id: number; answers: AnswerInput[] },
): Promise<TCourseSelfTestResult> {
  const { siteId, userId } = ctx.session;
  const { task, paper } = await requireSelfTest(ctx, input.task_id);
  const answers = checkedAnswers(paper, input.answers);
  const points = pointsEach(paper.length);
  const questions = paper.map((question) => {
    const saved = answers.get(question.id) ?? null;
    const graded = gradeAnswer(
      {
        questionId: question.id,
        type: question.type,
        options: question.options,
        spec: question.spec,
        points: SHARE_POINTS,
      },
      saved,
      true,
    );
    const share = Math.max(0, Math.min(1, (graded.earned ?? 0) / SHARE_POINTS));
    const choice = isChoiceType(question.type);
    const natural = Array.from({ length: keyCount(question) }, (_, key) => key);
    return {
      ...shownSelfTestQuestion(question, points, natural),
      chosen: saved && choice ? saved.chosen : null,
      response: saved?.response ?? null,
      answered: graded.answered,
      share,
      verdict: graded.correct === true ? ('right' as const) : share > 0 ? ('partly' as const) : ('wrong' as const),
      correct_options: choice ? correctKeys(question.options) : null,
      spec: choice ? null : question.spec,
      analysis: question.analysis,
    };
  });
  const score = round2((questions.reduce((sum, q) => sum + q.share, 0) / paper.length) * 100);
  const t = schema.courseSelfTests;
  const [kept] = await ctx.db
    .insert(t)
    .values({
      taskId: task.id,
      userId,
      siteId,
      courseId: task.courseId,
      attempts: 1,
      bestScore: score,
      lastScore: score,
    })
    .onConflictDoUpdate({
      target: [t.taskId, t.userId],
      set: {
        attempts: sql`${t.attempts} + 1`,
        bestScore: sql`greatest(${t.bestScore}, excluded.best_score)`,
        lastScore: sql`excluded.last_score`,
        lastAt: sql`now()`,
      },
    })
    .returning({ attempts: t.attempts, best: t.bestScore, last: t.lastScore });
  return {
    question_count: paper.length,
    attempts: kept!.attempts,
    best_score: round2(kept!.best),
    last_score: round2(kept!.last),
    score,
    right_count: questions.filter((q) => q.verdict === 'right').length,
    questions,
  };
}
