import type { TAnswerResponse, TQuestionSpec, TRegradeChange, TRegradeOutcome } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type JobNotice, writeNotices } from '../../platform/notices.ts';
import { loadExam } from '../exams/index.ts';
import { type GradingQuestion, gradeAnswer, totalOf } from './grade-attempt.ts';
import { issueExamCertificate, revokeExamCertificate } from './issue-exam-certificate.ts';

const { examAnswers, examAttempts, examEvents, questions } = schema;

interface AttemptRow {
  id: number;
  user_id: number;
  status: 'being_graded' | 'graded';
  score: string | number | null;
  passed: boolean | null;
  cheat: boolean;
  late: boolean;
  points_on_paper: string | number;
  candidate_name: string;
  chosen: number[] | null;
  response: TAnswerResponse | null;
  needs_marking: boolean | null;
  old_points: string | number | null;
  other_points: string | number | null;
}

const num = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * `/dataset-examine/regrade` (docs/marking.md "Re-grading"): the question graded again, with its key as it is now,
 * in every submitted attempt of the exam that holds it (locked, one transaction). An answer marked by hand keeps its
 * mark. A graded attempt whose points change gets its score and pass again (a cheating attempt stays failed); a
 * new pass issues the certificate, a lost one takes it back (unless another clean attempt passed); each change is a
 * `regrade` event of the attempt with the figures before and after, one audit line, and a notice to the candidate.
 */
export async function regradeQuestion(
  ctx: TenantContext,
  input: { exam_id: number; question_id: number; dry_run: boolean },
): Promise<TRegradeOutcome> {
  const { siteId, userId } = ctx.session;
  const { push, outcome } = await ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, siteId, input.exam_id);
    const [question] = await tx
      .select({ type: questions.type, options: questions.options, spec: questions.spec })
      .from(questions)
      .where(and(eq(questions.siteId, siteId), eq(questions.id, input.question_id)));
    if (!question) throw new AppError('not_found');
    const rows = await attemptsHolding(tx, exam.id, input.question_id, exam.blindMarking);
    const changes: TRegradeChange[] = [];
    const notices: JobNotice[] = [];
    for (const row of rows) {
      // Unanswered earns nothing under any key; a hand-marked answer keeps its mark.
      if (row.chosen === null || row.needs_marking) continue;
      const entryPoints = Number(row.points_on_paper);
      const grading: GradingQuestion = {
        questionId: input.question_id,
        type: question.type,
        options: question.options,
        spec: question.spec as TQuestionSpec | null,
        points: entryPoints,
      };
      const graded = gradeAnswer(grading, { chosen: row.chosen, response: row.response }, exam.partialCredit);
      // A question turned into one marked by hand cannot be re-graded automatically: its answers stay as they are.
      if (graded.byHand || graded.earned === null || graded.earned === num(row.old_points)) continue;
      const waiting = row.status === 'being_graded';
      const after = waiting
        ? { score: null, passed: null }
        : (() => {
            const penalty = row.late ? exam.latePenalty : 0;
            const total = totalOf([Number(row.other_points ?? 0), graded.earned], exam.passScore, penalty);
            return { score: total.score, passed: total.passed && !row.cheat };
          })();
      const change: TRegradeChange = {
        attempt_id: Number(row.id),
        candidate_name: exam.blindMarking ? null : row.candidate_name,
        points_before: num(row.old_points),
        points_after: graded.earned,
        score_before: num(row.score),
        score_after: after.score,
        passed_before: row.passed,
        passed_after: after.passed,
      };
      changes.push(change);
      if (input.dry_run) continue;
      await applyChange(tx, { exam, row, change, correct: graded.correct === true, questionId: input.question_id });
      if (!waiting) {
        notices.push({
          userId: Number(row.user_id),
          kind: 'exam_regraded',
          params: { exam: exam.name, score: after.score, attempt_id: Number(row.id) },
        });
      }
    }
    if (!input.dry_run && changes.length > 0) {
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'exam_regrade',
        targetType: 'exam',
        targetId: exam.id,
        details: { question_id: input.question_id, changed: changes.length },
        ip: ctx.ip,
      });
    }
    return {
      push: await writeNotices(tx, siteId, notices),
      outcome: { attempt_count: rows.length, changes, dry_run: input.dry_run },
    };
  });
  await push(ctx.deps.hub);
  return outcome;
}

/** The submitted attempts of the exam whose paper holds the question, locked, with that answer and the rest's points. */
function attemptsHolding(tx: Executor, examId: number, questionId: number, blind: boolean) {
  return queryRows<AttemptRow>(
    tx,
    sql`select t.id, t.user_id, t.status, t.score, t.passed, t.cheat, t.late,
          (select (e->>'points')::numeric from jsonb_array_elements(t.paper) e
            where (e->>'questionId')::bigint = ${questionId}) as points_on_paper,
          ${blind ? sql`''` : sql`coalesce(nullif(u.nickname, ''), u.username)`} as candidate_name,
          a.chosen, a.response, a.needs_marking, a.points as old_points,
          (select sum(o.points) from exam_answers o
            where o.attempt_id = t.id and o.question_id <> ${questionId}) as other_points
        from exam_attempts t
        join users u on u.id = t.user_id
        left join exam_answers a on a.attempt_id = t.id and a.question_id = ${questionId}
        where t.exam_id = ${examId} and t.status in ('being_graded', 'graded')
          and t.paper @> ${JSON.stringify([{ questionId }])}::jsonb
        order by t.id
        for update of t`,
  );
}

/** Writes one re-graded answer, the attempt's new score and pass, its event, and the certificate that follows. */
async function applyChange(
  tx: Executor,
  input: {
    exam: { id: number; siteId: number; name: string; certTemplateId: number | null };
    row: AttemptRow;
    change: TRegradeChange;
    correct: boolean;
    questionId: number;
  },
) {
  const { exam, row, change } = input;
  const attemptId = Number(row.id);
  await tx
    .update(examAnswers)
    .set({ points: change.points_after, correct: input.correct })
    .where(and(eq(examAnswers.attemptId, attemptId), eq(examAnswers.questionId, input.questionId)));
  await tx.insert(examEvents).values({
    siteId: exam.siteId,
    attemptId,
    kind: 'regrade',
    detail: {
      question_id: input.questionId,
      points: [change.points_before, change.points_after],
      score: [change.score_before, change.score_after],
      passed: [change.passed_before, change.passed_after],
    },
  });
  if (row.status !== 'graded') return;
  await tx
    .update(examAttempts)
    .set({ score: change.score_after, passed: change.passed_after, updatedAt: new Date() })
    .where(eq(examAttempts.id, attemptId));
  const attempt = { id: attemptId, siteId: exam.siteId, examId: exam.id, userId: Number(row.user_id) };
  if (change.passed_after && !change.passed_before) {
    await issueExamCertificate(tx, exam, attempt.userId, change.score_after ?? 0);
  }
  if (!change.passed_after && change.passed_before) await revokeExamCertificate(tx, attempt, 'regraded');
}
