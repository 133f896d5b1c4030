import type { TExamDetail, TExamKind, TExamRow, TExamStatus } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { ExamBlueprint } from '@app/db/schema/index.ts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';
import { type AudienceChoice, audienceDetail } from '../audiences/index.ts';

const { exams, examAttempts, questions, users } = schema;
export type ExamRecord = typeof exams.$inferSelect;

const creator = alias(users, 'creator');

// Written out with table names: a bare "id" in the subquery would name the inner table's own id.
const attemptCount = sql<number>`(select count(*)::int from exam_attempts a where a.exam_id = "exams"."id")`;
const candidateCount = sql<number>`(select count(*)::int from (
  select j.user_id from exam_joins j where j.exam_id = "exams"."id"
  union select a.user_id from exam_attempts a where a.exam_id = "exams"."id") c)`;

/** One exam of the organisation (locked when asked), else not_found. */
export async function loadExam(db: Executor, siteId: number, id: number, lock = false): Promise<ExamRecord> {
  const query = db
    .select()
    .from(exams)
    .where(and(eq(exams.siteId, siteId), eq(exams.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/** How many attempts candidates have made on an exam. */
export async function examAttemptCount(db: Executor, examId: number): Promise<number> {
  const [found] = await db.select({ count: count() }).from(examAttempts).where(eq(examAttempts.examId, examId));
  return found?.count ?? 0;
}

/** Questions on each paper: the fixed paper's length or the blueprint's total. */
export const questionCountOf = (exam: Pick<ExamRecord, 'paperMode' | 'questionIds' | 'blueprint'>) =>
  exam.paperMode === 'random' ? (exam.blueprint?.total ?? 0) : exam.questionIds.length;

/** What the audit log keeps of an exam (with its chosen audience). */
export const examAuditState = (exam: ExamRecord, chosen: AudienceChoice) => ({
  name: exam.name,
  kind: exam.kind,
  due_at: exam.dueAt?.toISOString() ?? null,
  late_penalty: exam.latePenalty,
  status: exam.status,
  paper_mode: exam.paperMode,
  question_ids: exam.questionIds,
  blueprint: exam.blueprint,
  total_score: exam.totalScore,
  pass_score: exam.passScore,
  duration_seconds: exam.durationSeconds,
  attempts_allowed: exam.attemptsAllowed,
  window_start: exam.windowStart.toISOString(),
  window_end: exam.windowEnd.toISOString(),
  live_invigilation: exam.liveInvigilation,
  invigilation_screen: exam.invigilationScreen,
  audience: exam.audience,
  audience_group_ids: chosen.groupIds,
  audience_user_ids: chosen.userIds,
});

type Listed = { exam: ExamRecord; creatorName: string | null; attemptCount: number; candidateCount: number };

function presentRow(row: Listed): TExamRow {
  const { exam } = row;
  return {
    id: exam.id,
    name: exam.name,
    kind: exam.kind,
    due_at: exam.dueAt?.toISOString() ?? null,
    late_penalty: exam.latePenalty,
    status: exam.status,
    paper_mode: exam.paperMode,
    question_count: questionCountOf(exam),
    total_score: exam.totalScore,
    pass_score: exam.passScore,
    duration_seconds: exam.durationSeconds,
    window_start: exam.windowStart.toISOString(),
    window_end: exam.windowEnd.toISOString(),
    sort: exam.sort,
    candidate_count: row.candidateCount,
    attempt_count: row.attemptCount,
    created_by_name: row.creatorName,
    created_at: exam.createdAt.toISOString(),
    published_at: exam.publishedAt?.toISOString() ?? null,
  };
}

function selectListed(db: Executor) {
  return db
    .select({ exam: exams, creatorName: creator.nickname, attemptCount, candidateCount })
    .from(exams)
    .leftJoin(creator, eq(creator.id, exams.createdBy));
}

export async function listExams(
  db: Executor,
  siteId: number,
  filter: { keyword?: string; tab: TExamStatus; kind: TExamKind; page: number; pageSize: number },
): Promise<{ list: TExamRow[]; total: number }> {
  const keyword = filter.keyword?.trim();
  const where = and(
    eq(exams.siteId, siteId),
    eq(exams.status, filter.tab),
    eq(exams.kind, filter.kind),
    keyword ? sql`${exams.name} ilike ${likePattern(keyword)}` : undefined,
  );
  const { rows, total } = await pageWithTotal(
    selectListed(db)
      .where(where)
      .orderBy(desc(exams.sort), desc(exams.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db.select({ n: count() }).from(exams).where(where),
  );
  return { list: rows.map(presentRow), total };
}

const blueprintOut = (b: ExamBlueprint | null) =>
  b && {
    total: b.total,
    type_ratios: b.typeRatios,
    difficulty_ratios: b.difficultyRatios,
    category_ids: b.categoryIds,
    node_ids: b.nodeIds,
  };

export async function examDetail(db: Executor, siteId: number, id: number): Promise<TExamDetail> {
  const [row] = await selectListed(db).where(and(eq(exams.siteId, siteId), eq(exams.id, id)));
  if (!row) throw new AppError('not_found');
  const { exam } = row;
  const found =
    exam.questionIds.length === 0
      ? []
      : await db
          .select({
            id: questions.id,
            type: questions.type,
            difficulty: questions.difficulty,
            stem_text: questions.stemText,
            review_status: questions.reviewStatus,
          })
          .from(questions)
          .where(and(eq(questions.siteId, siteId), inArray(questions.id, exam.questionIds)))
          .orderBy(asc(questions.id));
  const byId = new Map(found.map((q) => [q.id, q]));
  return {
    ...presentRow(row),
    description: exam.description,
    category_id: exam.categoryId,
    question_ids: exam.questionIds,
    questions: exam.questionIds.flatMap((qid) => byId.get(qid) ?? []),
    blueprint: blueprintOut(exam.blueprint),
    attempts_allowed: exam.attemptsAllowed,
    price_cents: exam.priceCents,
    shuffle_questions: exam.shuffleQuestions,
    shuffle_options: exam.shuffleOptions,
    partial_credit: exam.partialCredit,
    blind_marking: exam.blindMarking,
    second_marking_share: exam.secondMarkingShare,
    show_analysis: exam.showAnalysis,
    live_invigilation: exam.liveInvigilation,
    invigilation_screen: exam.invigilationScreen,
    cert_template_id: exam.certTemplateId,
    audience: await audienceDetail(db, siteId, 'exam', exam),
    updated_at: exam.updatedAt.toISOString(),
  };
}
