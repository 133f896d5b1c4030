import { LEARNER_HOME_LIMITS, type TListInput, type TMyTrainRow, type TTrainDetail } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';
import { findVisibleSet, presentSession } from '../practice/index.ts';
import { setProgress } from './set-progress.queries.ts';

const { practiceSets, practiceJoins, practiceSessions, categoryUnlocks } = schema;

/** Published or closed (drafts are never joinable): what a learner may see of a set they joined. */
const shownStatus = (status: string): 'published' | 'closed' => (status === 'closed' ? 'closed' : 'published');

/** `/trainingcamp/mytrain`: the sets I joined here, newest join first, with progress and my sessions on each. */
export async function myJoinedSets(
  db: Executor,
  siteId: number,
  userId: number,
  input: TListInput,
): Promise<{ list: TMyTrainRow[]; total: number }> {
  const conditions: SQL[] = [
    eq(practiceJoins.siteId, siteId),
    eq(practiceJoins.userId, userId),
    inArray(practiceSets.status, ['published', 'closed']),
  ];
  if (input.keyword?.trim()) conditions.push(ilike(practiceSets.name, likePattern(input.keyword.trim())));
  const where = and(...conditions);
  const { rows, total } = await pageWithTotal(
    db
      .select({ set: practiceSets, joinedAt: practiceJoins.joinedAt })
      .from(practiceJoins)
      .innerJoin(practiceSets, eq(practiceSets.id, practiceJoins.setId))
      .where(where)
      .orderBy(desc(practiceJoins.joinedAt), desc(practiceSets.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db
      .select({ n: count() })
      .from(practiceJoins)
      .innerJoin(practiceSets, eq(practiceSets.id, practiceJoins.setId))
      .where(where),
  );
  const setIds = rows.map((row) => row.set.id);
  const sessions = setIds.length
    ? await queryRows<{ set_id: number; sessions: number; last: Date | string | null }>(
        db,
        sql`SELECT set_id, count(*)::int AS sessions, max(started_at) AS last FROM practice_sessions
            WHERE site_id = ${siteId} AND user_id = ${userId}
              AND set_id IN (${sql.join(
                setIds.map((id) => sql`${id}::bigint`),
                sql`, `,
              )})
            GROUP BY set_id`,
      )
    : [];
  const list: TMyTrainRow[] = [];
  for (const { set, joinedAt } of rows) {
    const mine = sessions.find((s) => Number(s.set_id) === set.id);
    list.push({
      ...(await setProgress(db, siteId, userId, set)),
      description: set.description,
      per_session: set.perSession,
      status: shownStatus(set.status),
      session_count: mine?.sessions ?? 0,
      last_practised_at: mine?.last ? new Date(mine.last).toISOString() : null,
      joined_at: joinedAt.toISOString(),
    });
  }
  return { list, total };
}

/** My sessions on one set, newest first. */
async function mySetSessions(db: Executor, userId: number, set: { id: number; name: string }) {
  const rows = await db
    .select()
    .from(practiceSessions)
    .where(and(eq(practiceSessions.setId, set.id), eq(practiceSessions.userId, userId)))
    .orderBy(desc(practiceSessions.startedAt), desc(practiceSessions.id))
    .limit(LEARNER_HOME_LIMITS.detailSessions);
  return rows.map((session) => presentSession({ ...session, setName: set.name }));
}

/**
 * `/trainingcamp/train-detail`: a set of this organisation, or of another organisation I am an active member of
 * (other_site: the page warns that practising it needs switching there). Drafts and unknown sets: not_found.
 */
export async function trainDetail(db: Executor, siteId: number, userId: number, setId: number): Promise<TTrainDetail> {
  const set = await findVisibleSet(db, userId, setId);
  if (!set || set.status === 'draft') throw new AppError('not_found');
  const [[joined], [unlocked], progress, sessions] = await Promise.all([
    db
      .select({ setId: practiceJoins.setId })
      .from(practiceJoins)
      .where(and(eq(practiceJoins.setId, set.id), eq(practiceJoins.userId, userId))),
    set.lockCategoryId === null
      ? Promise.resolve([])
      : db
          .select({ userId: categoryUnlocks.userId })
          .from(categoryUnlocks)
          .where(
            and(
              eq(categoryUnlocks.userId, userId),
              eq(categoryUnlocks.categoryId, set.lockCategoryId),
              eq(categoryUnlocks.siteId, set.siteId),
            ),
          ),
    setProgress(db, set.siteId, userId, set),
    mySetSessions(db, userId, set),
  ]);
  return {
    ...progress,
    description: set.description,
    per_session: set.perSession,
    status: shownStatus(set.status),
    generate_site_id: set.siteId,
    site: { name: set.siteName },
    other_site: set.siteId !== siteId,
    locked: set.lockCategoryId !== null,
    unlocked: set.lockCategoryId === null || unlocked !== undefined,
    my_join_status: joined ? 1 : 0,
    sessions,
  };
}

/** `/trainingcamp/train-leave`: leaves a set of this organisation I joined (else not_found); answers stay. */
export async function leavePracticeSet(db: Executor, siteId: number, userId: number, setId: number) {
  const left = await db
    .delete(practiceJoins)
    .where(and(eq(practiceJoins.setId, setId), eq(practiceJoins.userId, userId), eq(practiceJoins.siteId, siteId)))
    .returning({ setId: practiceJoins.setId });
  if (left.length === 0) throw new AppError('not_found');
  return { ok: true as const };
}
