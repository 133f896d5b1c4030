import type { TPaperAnalysis } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { loadExam } from './exams.queries.ts';

const { examAttempts, examAnswers, questions } = schema;

export interface AnalysedAttempt {
  id: number;
  score: number;
  passed: boolean;
  /** Questions on the attempt's paper. */
  questionIds: number[];
  /** Questions answered correctly (an unanswered question counts as wrong). */
  correct: Set<number>;
}

const round = (v: number) => Math.round(v * 10000) / 10000;

/** Share of `group` answering `questionId` correctly among those whose paper had it; null when none had it. */
function facilityIn(group: AnalysedAttempt[], questionId: number): number | null {
  const had = group.filter((a) => a.questionIds.includes(questionId));
  if (had.length === 0) return null;
  return had.filter((a) => a.correct.has(questionId)).length / had.length;
}

/**
 * The statistics of docs/exams.md "Paper analysis": ten score buckets of 10% of the total (the last includes the
 * full score); per question the facility (share correct among the attempts that had it) and the discrimination
 * (facility in the upper group minus facility in the lower group, the groups being the top and bottom
 * max(1, round(27% × n)) attempts by score, ties by attempt id; null with fewer than 2 attempts or when a group
 * never had the question).
 */
export function analysePaper(
  total: number,
  attempts: AnalysedAttempt[],
  questionOrder: number[],
): Omit<TPaperAnalysis, 'exam_id' | 'total_score' | 'questions'> & {
  questions: { question_id: number; answered_by: number; facility: number | null; discrimination: number | null }[];
} {
  const distribution = Array.from({ length: 10 }, (_, i) => ({
    from: round((total * i) / 10),
    to: round((total * (i + 1)) / 10),
    count: 0,
  }));
  for (const a of attempts) {
    const index = total > 0 ? Math.min(9, Math.max(0, Math.floor((a.score / total) * 10 + 1e-9))) : 0;
    distribution[index]!.count += 1;
  }
  const n = attempts.length;
  const ranked = [...attempts].sort((x, y) => y.score - x.score || x.id - y.id);
  const g = Math.max(1, Math.round(0.27 * n));
  const upper = ranked.slice(0, g);
  const lower = ranked.slice(n - g);
  return {
    attempt_count: n,
    average: n === 0 ? null : round(attempts.reduce((s, a) => s + a.score, 0) / n),
    pass_rate: n === 0 ? null : round(attempts.filter((a) => a.passed).length / n),
    distribution,
    questions: questionOrder.map((questionId) => {
      const facility = facilityIn(attempts, questionId);
      const hi = n >= 2 ? facilityIn(upper, questionId) : null;
      const lo = n >= 2 ? facilityIn(lower, questionId) : null;
      return {
        question_id: questionId,
        answered_by: attempts.filter((a) => a.questionIds.includes(questionId)).length,
        facility: facility === null ? null : round(facility),
        discrimination: hi === null || lo === null ? null : round(hi - lo),
      };
    }),
  };
}

/** `/dataset-examine/paper-analysis`: over the exam's graded attempts without a cheat mark. */
export async function paperAnalysis(db: Executor, siteId: number, examId: number): Promise<TPaperAnalysis> {
  const exam = await loadExam(db, siteId, examId);
  const rows = await db
    .select({ id: examAttempts.id, score: examAttempts.score, passed: examAttempts.passed, paper: examAttempts.paper })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.examId, exam.id),
        eq(examAttempts.siteId, siteId),
        eq(examAttempts.status, 'graded'),
        eq(examAttempts.cheat, false),
      ),
    );
  const ids = rows.map((r) => r.id);
  const answers =
    ids.length === 0
      ? []
      : await db
          .select({ attemptId: examAnswers.attemptId, questionId: examAnswers.questionId })
          .from(examAnswers)
          .where(and(inArray(examAnswers.attemptId, ids), eq(examAnswers.correct, true)));
  const correct = new Map<number, Set<number>>();
  for (const a of answers) correct.set(a.attemptId, (correct.get(a.attemptId) ?? new Set()).add(a.questionId));
  const attempts: AnalysedAttempt[] = rows.map((r) => ({
    id: r.id,
    score: r.score ?? 0,
    passed: r.passed === true,
    questionIds: r.paper.map((p) => p.questionId),
    correct: correct.get(r.id) ?? new Set(),
  }));
  // Fixed papers keep the exam's order; random ones list every question drawn, by id.
  const drawn = [...new Set(attempts.flatMap((a) => a.questionIds))];
  const order =
    exam.paperMode === 'fixed'
      ? [...exam.questionIds, ...drawn.filter((q) => !exam.questionIds.includes(q))]
      : drawn.sort((x, y) => x - y);
  const analysed = analysePaper(exam.totalScore, attempts, order);
  const meta =
    order.length === 0
      ? []
      : await db
          .select({ id: questions.id, type: questions.type, stemText: questions.stemText })
          .from(questions)
          .where(inArray(questions.id, order));
  const byId = new Map(meta.map((q) => [q.id, q]));
  return {
    exam_id: exam.id,
    total_score: exam.totalScore,
    ...analysed,
    questions: analysed.questions.flatMap((q) => {
      const m = byId.get(q.question_id);
      return m ? [{ ...q, type: m.type, stem_text: m.stemText }] : [];
    }),
  };
}
