import type { TExamRecord, TMyExamItem, TPreExam } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';
import { examVisibleTo, requireCurrentSiteExam } from './exam-access.queries.ts';
import { windowBlock } from './start-exam.service.ts';

interface ItemRow {
  id: number;
  name: string;
  description: string;
  site_id: number;
  site_name: string;
  data_count: number;
  status: string;
  window_start: Date | string;
  window_end: Date | string;
  duration_seconds: number;
  total_score: string | number;
  pass_score: string | number;
  attempts_allowed: number;
  show_analysis: boolean;
  joined: boolean;
  used: number;
  open_id: number | null;
  best: string | number | null;
  any_passed: boolean | null;
  pending: number;
}

const EXAM_COLUMNS = { id: sql`e.id`, siteId: sql`e.site_id`, audience: sql`e.audience` };

/**
 * The caller's exams of the organisation (its audience has the caller, or the caller attempted it) with the
 * caller's figures (one row each). "Pending" (the `exam` tab, the to-do panel, the heartbeat's examine_count):
 * published, window not ended, and an open attempt or — not passed yet — attempts left. Homework is not listed here:
 * its course shows it (and the course's to-do items).
 */
const PENDING = sql`e.kind = 'exam' and e.status = 'published' and e.window_end > now()
  and (st.open_id is not null or (not coalesce(st.any_passed, false) and st.used < e.attempts_allowed))`;

function itemsQuery(siteId: number, userId: number, where: SQL, tail: SQL) {
  return sql`select e.id, e.name, e.description, e.site_id, s.name as site_name, e.status,
      case when e.paper_mode = 'random' then coalesce((e.blueprint->>'total')::int, 0)
           else jsonb_array_length(e.question_ids) end as data_count,
      e.window_start, e.window_end, e.duration_seconds, e.total_score, e.pass_score, e.attempts_allowed,
      e.show_analysis, j.user_id is not null as joined, st.used, st.open_id, st.best, st.any_passed, st.pending
    from exams e
    join sites s on s.id = e.site_id
    left join exam_joins j on j.exam_id = e.id and j.user_id = ${userId}
    cross join lateral (
      select count(*)::int as used,
        max(a.id) filter (where a.status = 'in_progress') as open_id,
        max(a.score) filter (where a.status = 'graded') as best,
        bool_or(a.passed) filter (where a.status = 'graded') as any_passed,
        count(*) filter (where a.status in ('submitted', 'being_graded'))::int as pending
      from exam_attempts a where a.exam_id = e.id and a.user_id = ${userId}
    ) st
    where e.site_id = ${siteId} and e.status in ('published', 'closed') and ${examVisibleTo(EXAM_COLUMNS, userId)}
      and ${where}
    ${tail}`;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function myState(row: ItemRow): TMyExamItem['my_state'] {
  if (row.open_id !== null) return 'in_progress';
  if (row.any_passed) return 'passed';
  if (Number(row.pending) > 0) return 'being_graded';
  if (row.best !== null) return 'failed';
  if (row.status === 'closed' || new Date(row.window_end).getTime() <= Date.now()) return 'unfinished';
  return row.joined ? 'joined' : 'not_joined';
}

function present(row: ItemRow): TMyExamItem {
  return {
    id: Number(row.id),
    name: row.name,
    data_count: Number(row.data_count),
    generate_site_id: Number(row.site_id),
    site: { name: row.site_name },
    my_join_status: row.joined ? 1 : 0,
    train: null,
    window_start: iso(row.window_start),
    window_end: iso(row.window_end),
    duration_seconds: Number(row.duration_seconds),
    total_score: Number(row.total_score),
    pass_score: Number(row.pass_score),
    attempts_allowed: Number(row.attempts_allowed),
    attempts_used: Number(row.used),
    open_attempt_id: row.open_id === null ? null : Number(row.open_id),
    my_state: myState(row),
    best_score: row.best === null ? null : Number(row.best),
  };
}

const TAB_WHERE = {
  exam: PENDING,
  done: sql`e.kind = 'exam' and st.used > case when st.open_id is null then 0 else 1 end`,
  all: sql`e.kind = 'exam'`,
};

/** `/trainingcamp/myexam/{tab}`: pending exams, exams taken, or all published and closed ones. */
export async function myExamList(
  ctx: TenantContext,
  input: { tab: keyof typeof TAB_WHERE; page: number; pageSize: number; keyword?: string },
): Promise<{ list: TMyExamItem[]; total: number }> {
  const { siteId, userId } = ctx.session;
  const keyword = input.keyword?.trim();
  const where = keyword ? sql`${TAB_WHERE[input.tab]} and e.name ilike ${likePattern(keyword)}` : TAB_WHERE[input.tab];
  const { rows, total } = await pageWithTotal(
    queryRows<ItemRow>(
      ctx.db,
      itemsQuery(
        siteId,
        userId,
        where,
        sql`order by e.sort desc, e.window_start desc, e.id desc
          limit ${input.pageSize} offset ${pageOffset(input)}`,
      ),
    ),
    queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from (${itemsQuery(siteId, userId, where, sql``)}) x`,
    ),
  );
  return { list: rows.map(present), total };
}

/** The caller's pending exams of the organisation (the to-do panel), newest window first, at most `limit`. */
export async function pendingExams(db: Executor, siteId: number, userId: number, limit = 100) {
  const rows = await queryRows<ItemRow>(
    db,
    itemsQuery(siteId, userId, PENDING, sql`order by e.window_end, e.id limit ${limit}`),
  );
  return rows.map(present);
}

/** How many exams the caller still has to take in the organisation. */
export async function pendingExamCount(db: Executor, siteId: number, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${itemsQuery(siteId, userId, PENDING, sql``)}) x`,
  );
  return Number(row?.n ?? 0);
}

/** The pre-exam page: the exam with the caller's figures, its rules, and why the caller cannot start now. */
export async function preExam(ctx: TenantContext, examId: number): Promise<TPreExam> {
  const exam = await requireCurrentSiteExam(ctx, examId);
  const [row] = await queryRows<ItemRow>(
    ctx.db,
    itemsQuery(ctx.session.siteId, ctx.session.userId, sql`e.id = ${exam.id}`, sql``),
  );
  const item = present(row!);
  const blocked =
    item.open_attempt_id !== null
      ? null
      : exam.status === 'closed'
        ? 'ended'
        : (windowBlock(exam) ?? (item.attempts_used >= item.attempts_allowed ? 'no_attempts_left' : null));
  return {
    ...item,
    kind: exam.kind,
    due_at: exam.dueAt?.toISOString() ?? null,
    late_penalty: exam.latePenalty,
    description: row!.description,
    show_analysis: row!.show_analysis,
    live_invigilation: exam.liveInvigilation,
    invigilation_screen: exam.invigilationScreen,
    blocked,
    server_now: new Date().toISOString(),
  };
}

/** `/trainingcamp/myexamRecord`: the caller's attempts in the organisation, newest first. */
export async function myExamRecords(
  ctx: TenantContext,
  input: { exam_id?: number; page: number; pageSize: number; keyword?: string },
): Promise<{ list: TExamRecord[]; total: number }> {
  const { examAttempts: a, exams: e } = schema;
  const { siteId, userId } = ctx.session;
  if (input.exam_id !== undefined) await requireCurrentSiteExam(ctx, input.exam_id);
  const conditions: SQL[] = [eq(a.siteId, siteId), eq(a.userId, userId)];
  if (input.exam_id !== undefined) conditions.push(eq(a.examId, input.exam_id));
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(e.name, likePattern(keyword)));
  const where = and(...conditions);
  const { rows, total } = await pageWithTotal(
    ctx.db
      .select({ attempt: a, examName: e.name, totalScore: e.totalScore })
      .from(a)
      .innerJoin(e, eq(e.id, a.examId))
      .where(where)
      .orderBy(desc(a.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    ctx.db.select({ n: count() }).from(a).innerJoin(e, eq(e.id, a.examId)).where(where),
  );
  return {
    list: rows.map(({ attempt, examName, totalScore }) => ({
      attempt_id: attempt.id,
      exam_id: attempt.examId,
      exam_name: examName,
      seq: attempt.seq,
      status: attempt.status,
      started_at: attempt.startedAt.toISOString(),
      submitted_at: attempt.submittedAt ? attempt.submittedAt.toISOString() : null,
      score: attempt.score,
      total_score: totalScore,
      passed: attempt.passed,
    })),
    total,
  };
}
