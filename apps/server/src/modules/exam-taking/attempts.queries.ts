import { type Executor, schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const { examAttempts, examEvents } = schema;
export type AttemptRecord = typeof examAttempts.$inferSelect;

/** One attempt of the organisation (locked when asked), else not_found. */
export async function loadAttempt(db: Executor, siteId: number, id: number, lock = false): Promise<AttemptRecord> {
  const query = db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.siteId, siteId), eq(examAttempts.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/** `/dataset-examine/attempt-events`: the attempt's evidence timeline, oldest first. */
export async function attemptEvents(db: Executor, siteId: number, attemptId: number) {
  await loadAttempt(db, siteId, attemptId);
  const rows = await db
    .select()
    .from(examEvents)
    .where(and(eq(examEvents.siteId, siteId), eq(examEvents.attemptId, attemptId)))
    .orderBy(asc(examEvents.at), asc(examEvents.id));
  return {
    list: rows.map((e) => ({ id: e.id, kind: e.kind, detail: e.detail, at: e.at.toISOString() })),
  };
}
