import type { TReviewStatus, TSimilarPair, TSimilarQuestion } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';

/** Stems at least this similar (pg_trgm trigram similarity, 0-1) are reported as near-duplicates on save. */
export const SIMILAR_THRESHOLD = 0.6;
/** How many near-duplicates a save answers. */
export const SIMILAR_ON_SAVE = 5;
/** Pairs listed per question at most in the organisation-wide pair list (a bound on one stem's duplicates). */
const PAIRS_PER_QUESTION = 50;

/**
 * Runs `work` in a transaction whose trigram threshold (`%` operator) is `threshold`, so the GIN index on stem_text
 * yields only candidates that similar. The planner underrates similarity() (a long CJK stem costs tens of
 * microseconds a row) and would scan the table instead: sequential scans and JIT are off for these statements.
 * `set_config(..., true)` lasts until the transaction ends.
 */
async function withThreshold<T>(db: Executor, threshold: number, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true),
      set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
    return work(tx);
  });
}

interface SimilarRow {
  id: number;
  stem_text: string;
  category_name: string;
  review_status: TReviewStatus;
  similarity: number;
}

const presentSimilar = (row: SimilarRow): TSimilarQuestion => ({
  id: Number(row.id),
  stem_text: row.stem_text,
  category_name: row.category_name,
  review_status: row.review_status,
  similarity: Number(row.similarity),
});

/** The questions of the organisation whose stems are near `stemText` (most similar first), except `exceptId`. */
export async function similarQuestions(
  db: Executor,
  siteId: number,
  stemText: string,
  exceptId: number | null,
  options: { threshold?: number; limit?: number } = {},
): Promise<TSimilarQuestion[]> {
  if (stemText.trim() === '') return [];
  const threshold = options.threshold ?? SIMILAR_THRESHOLD;
  const rows = await withThreshold(db, threshold, (tx) =>
    queryRows<SimilarRow>(
      tx,
      sql`select q.id::int as id, q.stem_text, c.name as category_name, q.review_status,
            round(similarity(q.stem_text, ${stemText})::numeric, 3)::float8 as similarity
          from questions q join question_categories c on c.id = q.category_id
          where q.site_id = ${siteId} and q.stem_text % ${stemText} and c.owner_id is null
            and similarity(q.stem_text, ${stemText}) >= ${threshold}
            ${exceptId === null ? sql`` : sql`and q.id <> ${exceptId}`}
          order by similarity(q.stem_text, ${stemText}) desc, q.id desc
          limit ${options.limit ?? SIMILAR_ON_SAVE}`,
    ),
  );
  return rows.map(presentSimilar);
}

interface PairRow {
  a_id: number;
  b_id: number;
  similarity: number;
  a_text: string;
  a_category: string;
  a_status: TReviewStatus;
  b_text: string;
  b_category: string;
  b_status: TReviewStatus;
  total: number;
}

/**
 * Near-duplicate pairs of the organisation (a.id < b.id), most similar first. Every question probes the trigram
 * index for the later questions near it (at most PAIRS_PER_QUESTION each; `b.id + 0` keeps the planner from walking
 * the primary key instead of the trigram index); with `questionId`, only that question's pairs (one probe).
 */
export async function similarPairs(
  db: Executor,
  siteId: number,
  input: { questionId?: number; stemText?: string; threshold: number; page: number; pageSize: number },
) {
  const { threshold, page, pageSize } = input;
  const pairs =
    input.questionId !== undefined
      ? sql`select least(q.id, ${input.questionId}) as a_id, greatest(q.id, ${input.questionId}) as b_id,
              similarity(q.stem_text, ${input.stemText ?? ''}) as sim
            from questions q
            where q.site_id = ${siteId} and q.id <> ${input.questionId} and q.stem_text % ${input.stemText ?? ''}
              and similarity(q.stem_text, ${input.stemText ?? ''}) >= ${threshold}`
      : sql`select a.id as a_id, near.id as b_id, near.sim
            from questions a
            cross join lateral (
              select b.id, similarity(b.stem_text, a.stem_text) as sim
              from questions b
              where b.site_id = a.site_id and b.id + 0 > a.id and b.stem_text % a.stem_text
                and similarity(b.stem_text, a.stem_text) >= ${threshold}
              order by sim desc, b.id
              limit ${PAIRS_PER_QUESTION}
            ) near
            where a.site_id = ${siteId} and a.stem_text <> ''`;
  const rows = await withThreshold(db, threshold, (tx) =>
    queryRows<PairRow>(
      tx,
      sql`with pairs as materialized (${pairs})
          select p.a_id::int as a_id, p.b_id::int as b_id, round(p.sim::numeric, 3)::float8 as similarity,
            qa.stem_text as a_text, ca.name as a_category, qa.review_status as a_status,
            qb.stem_text as b_text, cb.name as b_category, qb.review_status as b_status,
            (select count(*) from pairs)::int as total
          from pairs p
          join questions qa on qa.id = p.a_id join question_categories ca on ca.id = qa.category_id
          join questions qb on qb.id = p.b_id join question_categories cb on cb.id = qb.category_id
          order by p.sim desc, p.a_id, p.b_id
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await withThreshold(db, threshold, (tx) =>
      queryRows<{ total: number }>(tx, sql`select count(*)::int as total from (${pairs}) pairs`),
    );
    total = counted?.total ?? 0;
  }
  const list = rows.map(
    (r): TSimilarPair => ({
      a: presentSimilar({
        id: r.a_id,
        stem_text: r.a_text,
        category_name: r.a_category,
        review_status: r.a_status,
        similarity: r.similarity,
      }),
      b: presentSimilar({
        id: r.b_id,
        stem_text: r.b_text,
        category_name: r.b_category,
        review_status: r.b_status,
        similarity: r.similarity,
      }),
      similarity: Number(r.similarity),
    }),
  );
  return { list, total, page, pageSize };
}
