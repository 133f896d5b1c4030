import type { TAnswerResponse, TQuestionSpec } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import type { SubmittedBy } from '@app/db/schema/index.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { recordQuestionAnswers } from '../question-reports/index.ts';
import { gradeAttempt } from './grade-attempt.ts';
import { issueExamCertificate } from './issue-exam-certificate.ts';

const { examAttempts, examAnswers, exams, questions } = schema;

export interface SubmitOutcome {
  /** False when the attempt was already submitted (or, with skipLocked, being submitted elsewhere). */
  submitted: boolean;
  score: number | null;
  passed: boolean | null;
}

/**
 * Submits an attempt and grades it at once (docs/exams.md "Grading"): every question of the frozen paper is
 * judged against what was saved, the answers get their points, the attempt its score and passed flag (status
 * graded), a 'submit' event is recorded, the questions' answer statistics grow, and a pass issues the exam's
 * certificate when it has a template. An attempt with answers marked by hand is `being_graded` instead, without
 * score or pass until the last of them is marked (`mark-answer.service.ts`). Idempotent: an attempt no longer in progress is left as it is. The caller
 * (candidate, deadline sweeper, teacher's force submit) checks access; `skipLocked` leaves an attempt another
 * transaction holds (the sweeper on several instances).
 */
export async function submitAttempt(
  db: Executor,
  input: { attemptId: number; by: SubmittedBy; skipLocked?: boolean },
): Promise<SubmitOutcome> {
  const graded = await db.transaction(async (tx) => {
    const [attempt] = await queryRows<{
      id: number;
      status: string;
      exam_id: number;
      site_id: number;
      user_id: number;
    }>(
      tx,
      sql`select id, status, exam_id, site_id, user_id from exam_attempts where id = ${input.attemptId}
          for update ${input.skipLocked ? sql`skip locked` : sql``}`,
    );
    if (!attempt) {
      if (input.skipLocked) return null;
      throw new AppError('not_found');
    }
    if (attempt.status !== 'in_progress') return null;
    const siteId = Number(attempt.site_id);
    const [row] = await tx.select().from(examAttempts).where(eq(examAttempts.id, input.attemptId));
    const [exam] = await tx.select().from(exams).where(eq(exams.id, row!.examId));
    const paper = row!.paper;
    const ids = paper.map((entry) => entry.questionId);
    const questionRows =
      ids.length === 0
        ? []
        : await tx
            .select({ id: questions.id, type: questions.type, options: questions.options, spec: questions.spec })
            .from(questions)
            .where(inArray(questions.id, ids));
    const byId = new Map(questionRows.map((q) => [q.id, q]));
    const saved = await tx
      .select({ questionId: examAnswers.questionId, chosen: examAnswers.chosen, response: examAnswers.response })
      .from(examAnswers)
      .where(eq(examAnswers.attemptId, input.attemptId));
    const answers = new Map(
      saved.map((a) => [a.questionId, { chosen: a.chosen, response: a.response as TAnswerResponse | null }]),
    );
    const now = new Date();
    // Homework handed in after it was due (until the window's end) is late and loses the exam's penalty.
    const late = exam!.kind === 'homework' && exam!.dueAt !== null && now > exam!.dueAt;
    const grade = gradeAttempt(
      paper.map((entry) => ({
        questionId: entry.questionId,
        type: byId.get(entry.questionId)?.type ?? 'single',
        // A question deleted since the start cannot be judged: it earns nothing.
        options: byId.get(entry.questionId)?.options ?? [],
        spec: (byId.get(entry.questionId)?.spec as TQuestionSpec | null) ?? null,
        points: entry.points,
      })),
      answers,
      { partialCredit: exam!.partialCredit, passScore: exam!.passScore, latePenalty: late ? exam!.latePenalty : 0 },
    );
    if (saved.length > 0) {
      const values = sql.join(
        saved.map((a) => {
          const g = grade.perQuestion.get(a.questionId);
          return sql`(${a.questionId}::bigint, ${g ? g.correct : false}::boolean, ${g ? g.earned : 0}::numeric,
            ${g?.byHand ?? false}::boolean)`;
        }),
        sql`, `,
      );
      await tx.execute(sql`update exam_answers a
        set correct = v.correct, points = v.points, needs_marking = v.by_hand
        from (values ${values}) as v(question_id, correct, points, by_hand)
        where a.attempt_id = ${input.attemptId} and a.question_id = v.question_id`);
    }
    await tx
      .update(examAttempts)
      .set({
        status: grade.waiting ? 'being_graded' : 'graded',
        submittedAt: now,
        late,
        submittedBy: input.by,
        score: grade.waiting ? null : grade.score,
        passed: grade.waiting ? null : grade.passed,
      })
      .where(eq(examAttempts.id, input.attemptId));
    await tx.insert(schema.examEvents).values({
      siteId,
      attemptId: input.attemptId,
      kind: 'submit',
      detail: { by: input.by, score: grade.waiting ? null : grade.score },
    });
    const judged = [...grade.perQuestion].filter(([, g]) => g.answered && !g.byHand);
    await recordQuestionAnswers(
      tx,
      siteId,
      judged.map(([questionId, g]) => ({ questionId, correct: g.correct === true })),
    );
    if (grade.waiting) return { score: null, passed: null };
    if (grade.passed) await issueExamCertificate(tx, exam!, Number(attempt.user_id), grade.score);
    return { score: grade.score, passed: grade.passed };
  });
  return graded ? { submitted: true, ...graded } : { submitted: false, score: null, passed: null };
}
