import {
  markedByHand,
  secondMarkingWanted,
  type TAnswerResponse,
  type TMarkingAnswers,
  type TMarkingOverview,
  type TQuestionSpec,
  type TSimilarAnswers,
} from '@app/contracts';
import { queryRows, schema } from '@app/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { loadExam } from '../exams/index.ts';
import { similarAnswerPairs } from './similar-answers.ts';

const { questions, examAttempts } = schema;

/**
 * `secondMarkingWanted` as SQL over `exam_answers a`: the same spread of (attempt, question) below the share, so the
 * counts and the filter agree with the listing's `second_wanted` (a test holds the two together).
 */
function secondWantedSql(share: number) {
  return share > 0 ? sql`((a.attempt_id * 7919 + a.question_id * 104729) % 100 < ${share})` : sql`false`;
}

/** The most answers one listing returns (a question of a very large exam is marked in pages of unmarked ones). */
const ANSWERS_MAX = 1000;

/**
 * `/dataset-examine/marking-overview`: the exam's hand-marked questions — those of its fixed paper and any that
 * submitted attempts answered — in paper order, with their answers and marks counted, and the attempts waiting.
 */
export async function markingOverview(ctx: TenantContext, examId: number): Promise<TMarkingOverview> {
  const siteId = ctx.session.siteId;
  const exam = await loadExam(ctx.db, siteId, examId);
  const wanted = secondWantedSql(exam.secondMarkingShare);
  const counted = await queryRows<{
    question_id: number;
    answer_count: number;
    marked_count: number;
    second_wanted_count: number;
    second_marked_count: number;
  }>(
    ctx.db,
    sql`select a.question_id, count(*)::int as answer_count, count(a.points)::int as marked_count,
          (count(*) filter (where ${wanted}))::int as second_wanted_count,
          (count(a.second_points) filter (where ${wanted}))::int as second_marked_count
        from exam_answers a join exam_attempts t on t.id = a.attempt_id
        where t.exam_id = ${exam.id} and t.site_id = ${siteId} and a.needs_marking
        group by a.question_id`,
  );
  const countOf = new Map(counted.map((row) => [Number(row.question_id), row]));
  const ids = [...new Set([...exam.questionIds, ...countOf.keys()])];
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: questions.id, type: questions.type, stemText: questions.stemText, spec: questions.spec })
          .from(questions)
          .where(and(eq(questions.siteId, siteId), inArray(questions.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const marked = ids.flatMap((id) => {
    const q = byId.get(id);
    if (!q || (!countOf.has(id) && !markedByHand(q.type, q.spec as TQuestionSpec | null))) return [];
    const count = countOf.get(id);
    return [
      {
        question_id: id,
        type: q.type,
        stem_text: q.stemText.slice(0, 200),
        answer_count: count?.answer_count ?? 0,
        marked_count: count?.marked_count ?? 0,
        second_wanted_count: count?.second_wanted_count ?? 0,
        second_marked_count: count?.second_marked_count ?? 0,
      },
    ];
  });
  const [waiting] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, exam.id), eq(examAttempts.status, 'being_graded')));
  return {
    exam_id: exam.id,
    blind: exam.blindMarking,
    second_marking_share: exam.secondMarkingShare,
    questions: marked,
    being_graded: Number(waiting?.n ?? 0),
  };
}

interface AnswerRow {
  attempt_id: number;
  question_id: number;
  candidate_name: string | null;
  response: TAnswerResponse | null;
  max_points: string | number;
  points: string | number | null;
  rubric_points: number[] | null;
  comment: string;
  marked_by_name: string | null;
  marked_by: number | string | null;
  marked_at: Date | string | null;
  second_points: string | number | null;
  second_comment: string;
  second_marked_by_name: string | null;
  second_marked_by: number | string | null;
  second_marked_at: Date | string | null;
}

const idOrNull = (v: number | string | null) => (v === null ? null : Number(v));
const isoOrNull = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * `/dataset-examine/marking-answers`: hand-marked answers of the exam's submitted attempts, of one question or of
 * one attempt, unmarked first then in the order they were submitted; only the unmarked, or only those waiting for
 * a second mark, when asked. Under blind marking no name leaves the server.
 */
export async function markingAnswers(
  ctx: TenantContext,
  input: {
    exam_id: number;
    question_id?: number | undefined;
    attempt_id?: number | undefined;
    unmarked_only: boolean;
    second_waiting_only: boolean;
  },
): Promise<TMarkingAnswers> {
  if (input.question_id === undefined && input.attempt_id === undefined) throw new AppError('marking_filter_required');
  const siteId = ctx.session.siteId;
  const exam = await loadExam(ctx.db, siteId, input.exam_id);
  const rows = await queryRows<AnswerRow>(
    ctx.db,
    sql`select a.attempt_id, a.question_id,
          ${exam.blindMarking ? sql`null` : sql`coalesce(nullif(u.nickname, ''), u.username)`} as candidate_name,
          a.response,
          (select (e->>'points')::numeric from jsonb_array_elements(t.paper) e
            where (e->>'questionId')::bigint = a.question_id) as max_points,
          a.points, a.rubric_points, a.comment, m.nickname as marked_by_name, a.marked_by, a.marked_at,
          a.second_points, a.second_comment, m2.nickname as second_marked_by_name, a.second_marked_by,
          a.second_marked_at
        from exam_answers a
        join exam_attempts t on t.id = a.attempt_id
        join users u on u.id = t.user_id
        left join users m on m.id = a.marked_by
        left join users m2 on m2.id = a.second_marked_by
        where t.exam_id = ${exam.id} and t.site_id = ${siteId} and a.needs_marking
          ${input.question_id === undefined ? sql`` : sql`and a.question_id = ${input.question_id}`}
          ${input.attempt_id === undefined ? sql`` : sql`and a.attempt_id = ${input.attempt_id}`}
          ${input.unmarked_only ? sql`and a.points is null` : sql``}
          ${
            input.second_waiting_only
              ? sql`and ${secondWantedSql(exam.secondMarkingShare)} and a.second_points is null`
              : sql``
          }
        order by (a.points is null) desc, t.submitted_at, t.id, a.question_id
        limit ${ANSWERS_MAX}`,
  );
  let question: TMarkingAnswers['question'] = null;
  if (input.question_id !== undefined) {
    const [q] = await ctx.db
      .select({
        id: questions.id,
        type: questions.type,
        stem: questions.stem,
        spec: questions.spec,
        analysis: questions.analysis,
      })
      .from(questions)
      .where(and(eq(questions.siteId, siteId), eq(questions.id, input.question_id)));
    if (!q) throw new AppError('not_found');
    question = { ...q, spec: (q.spec as TQuestionSpec | null) ?? null };
  }
  return {
    blind: exam.blindMarking,
    question,
    list: rows.map((row) => ({
      attempt_id: Number(row.attempt_id),
      question_id: Number(row.question_id),
      candidate_name: row.candidate_name,
      response: row.response,
      max_points: Number(row.max_points ?? 0),
      points: row.points === null ? null : Number(row.points),
      rubric_points: row.rubric_points,
      comment: row.comment,
      marked_by_name: row.marked_by_name,
      marked_by_id: idOrNull(row.marked_by),
      marked_at: isoOrNull(row.marked_at),
      second_wanted: secondMarkingWanted(Number(row.attempt_id), Number(row.question_id), exam.secondMarkingShare),
      second_points: row.second_points === null ? null : Number(row.second_points),
      second_comment: row.second_comment,
      second_marked_by_name: row.second_marked_by_name,
      second_marked_by_id: idOrNull(row.second_marked_by),
      second_marked_at: isoOrNull(row.second_marked_at),
    })),
  };
}

/** `/dataset-examine/marking-similar`: look-alike pairs among the text answers to one hand-marked question. */
export async function markingSimilar(
  ctx: TenantContext,
  input: { exam_id: number; question_id: number; threshold: number },
): Promise<{ pairs: TSimilarAnswers[] }> {
  const siteId = ctx.session.siteId;
  const exam = await loadExam(ctx.db, siteId, input.exam_id);
  const rows = await queryRows<{ attempt_id: number; text: string | null }>(
    ctx.db,
    sql`select a.attempt_id, a.response->>'text' as text
        from exam_answers a join exam_attempts t on t.id = a.attempt_id
        where t.exam_id = ${exam.id} and t.site_id = ${siteId} and a.question_id = ${input.question_id}
          and a.needs_marking`,
  );
  const answers = rows.map((row) => ({ attemptId: Number(row.attempt_id), text: row.text ?? '' }));
  return { pairs: similarAnswerPairs(answers, input.threshold) };
}
