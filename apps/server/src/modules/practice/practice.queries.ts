import type { TPracticeSession } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { siteSettings } from '../sites/index.ts';

const { practiceSessions, practiceSets } = schema;

export type SessionRecord = typeof practiceSessions.$inferSelect & { setName: string | null };

/** The caller's own session in the organisation, else not_found. */
export async function loadMySession(
  db: Executor,
  siteId: number,
  userId: number,
  sessionId: number,
): Promise<SessionRecord> {
  const [row] = await db
    .select({ session: practiceSessions, setName: practiceSets.name })
    .from(practiceSessions)
    .leftJoin(practiceSets, eq(practiceSets.id, practiceSessions.setId))
    .where(
      and(eq(practiceSessions.id, sessionId), eq(practiceSessions.siteId, siteId), eq(practiceSessions.userId, userId)),
    );
  if (!row) throw new AppError('not_found');
  return { ...row.session, setName: row.setName };
}

export function presentSession(session: SessionRecord): TPracticeSession {
  return {
    id: session.id,
    set_id: session.setId,
    set_name: session.setName,
    source: session.source,
    font_size: session.fontSize,
    total: session.questionIds.length,
    answered_count: session.answeredCount,
    correct_count: session.correctCount,
    started_at: session.startedAt.toISOString(),
    finished_at: session.finishedAt ? session.finishedAt.toISOString() : null,
  };
}

/** The organisation's N: consecutive correct answers that take a question out of the wrong book (0 = never). */
export async function wrongBookN(db: Executor, siteId: number): Promise<number> {
  const value = Number.parseInt((await siteSettings(db, siteId)).wrong_book_n, 10);
  return Number.isFinite(value) && value >= 0 ? value : 3;
}

/** A question category of the organisation, else not_found. */
export async function requireOwnCategory(db: Executor, siteId: number, categoryId: number): Promise<void> {
  const [category] = await db
    .select({ id: schema.questionCategories.id })
    .from(schema.questionCategories)
    .where(and(eq(schema.questionCategories.id, categoryId), eq(schema.questionCategories.siteId, siteId)));
  if (!category) throw new AppError('not_found');
}
