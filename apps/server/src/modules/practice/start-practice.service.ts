import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { practicePoolQuestionIds } from '../practice-sets/index.ts';
import { autoGradedCondition } from '../question-bank/index.ts';
import { requireCurrentSiteSet } from './join-practice-set.service.ts';
import { requireOwnCategory } from './practice.queries.ts';
import { drawKeyOrders, loadPracticeQuestions } from './practice-questions.ts';

type FontSize = 'small' | 'standard' | 'large';
type PracticeSource = 'new' | 'wrong' | 'both';

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );

/** Of the given questions, those in the learner's wrong book, in random order. */
async function inWrongBook(db: Executor, userId: number, ids: readonly number[], limit: number): Promise<number[]> {
  if (ids.length === 0 || limit <= 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT question_id AS id FROM wrong_book_entries
        WHERE user_id = ${userId} AND in_book AND question_id IN (${idList(ids)})
        ORDER BY random() LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** Of the given questions, those the learner never answered, in random order. */
async function neverAnswered(db: Executor, userId: number, ids: readonly number[], limit: number): Promise<number[]> {
  if (ids.length === 0 || limit <= 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT q.id FROM unnest(ARRAY[${idList(ids)}]) AS q(id)
        WHERE NOT EXISTS (SELECT 1 FROM practice_answers a WHERE a.user_id = ${userId} AND a.question_id = q.id)
        ORDER BY random() LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** A new session on these questions, with the order its matching and ordering items are shown in. */
async function createSession(
  ctx: TenantContext,
  values: { setId: number | null; source: PracticeSource; fontSize: FontSize; questionIds: number[] },
): Promise<{ id: number }> {
  if (values.questionIds.length === 0) throw new AppError('practice_no_questions');
  const keyOrders = drawKeyOrders(
    (await loadPracticeQuestions(ctx.db, ctx.session.siteId, values.questionIds)).values(),
  );
  const [created] = await ctx.db
    .insert(schema.practiceSessions)
    .values({ siteId: ctx.session.siteId, userId: ctx.session.userId, ...values, keyOrders })
    .returning({ id: schema.practiceSessions.id });
  return { id: created!.id };
}

/**
 * Starts a session on a joined, published set of the current organisation: `count` (else the set's per-session
 * number) of its pool's questions, never answered ones (`new`), ones in my wrong book (`wrong`), or both (wrong
 * first, then new).
 */
export async function startPractice(
  ctx: TenantContext,
  input: { set_id: number; count?: number; source: PracticeSource; font_size: FontSize },
): Promise<{ id: number }> {
  const { userId } = ctx.session;
  const set = await requireCurrentSiteSet(ctx, input.set_id);
  const [joined] = await ctx.db
    .select({ setId: schema.practiceJoins.setId })
    .from(schema.practiceJoins)
    .where(and(eq(schema.practiceJoins.setId, set.id), eq(schema.practiceJoins.userId, userId)));
  if (!joined) throw new AppError('practice_not_joined');
  const limit = input.count ?? set.perSession;
  const pool = await practicePoolQuestionIds(ctx.db, ctx.session.siteId, set);
  const wrong = input.source === 'new' ? [] : await inWrongBook(ctx.db, userId, pool, limit);
  const fresh = input.source === 'wrong' ? [] : await neverAnswered(ctx.db, userId, pool, limit - wrong.length);
  return createSession(ctx, {
    setId: set.id,
    source: input.source,
    fontSize: input.font_size,
    questionIds: [...wrong, ...fresh],
  });
}

/**
 * Starts a session on questions of my wrong book: passed ones of the organisation a machine grades (a question
 * since changed to marking by hand stays out), optionally of one category.
 */
export async function startWrongBookPractice(
  ctx: TenantContext,
  input: { category_id?: number; count: number; font_size: FontSize },
): Promise<{ id: number }> {
  const { siteId, userId } = ctx.session;
  if (input.category_id !== undefined) await requireOwnCategory(ctx.db, siteId, input.category_id);
  const rows = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT w.question_id AS id FROM wrong_book_entries w JOIN questions ON questions.id = w.question_id
        WHERE w.user_id = ${userId} AND w.site_id = ${siteId} AND w.in_book AND questions.review_status = 'passed'
          AND ${autoGradedCondition()}
          ${input.category_id === undefined ? sql`` : sql`AND questions.category_id = ${input.category_id}`}
        ORDER BY random() LIMIT ${input.count}`,
  );
  return createSession(ctx, {
    setId: null,
    source: 'wrong',
    fontSize: input.font_size,
    questionIds: rows.map((row) => Number(row.id)),
  });
}
