import { type Executor, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { requireOwnRecords } from '../../platform/own-records.ts';
import { requireActiveMembers } from '../projects/index.ts';
import { type AudienceChoice, type AudienceSubject, membersUnfitFor } from './audience.queries.ts';
import type { AudienceInput } from './save-audience.service.ts';

const { audienceEntries } = schema;
const SUBJECT_COLUMN = { exam: audienceEntries.examId, practice_set: audienceEntries.practiceSetId } as const;
const SUBJECT_FIELD = { exam: 'examId', practice_set: 'practiceSetId' } as const;

/**
 * Groups of the organisation and its active members, else not_found (whatever the mode: nothing foreign is taken);
 * a member named one by one must hold a role that may take part in the subject, else `audience_member_unfit`
 * naming them (a class or group may hold others: only its members who may take part are reached).
 */
export async function requireOwnAudience(
  db: Executor,
  siteId: number,
  subject: AudienceSubject,
  input: AudienceInput,
): Promise<void> {
  await requireOwnRecords(db, siteId, schema.groups, input.audience_group_ids);
  await requireActiveMembers(db, siteId, input.audience_user_ids);
  const [unfit] = await membersUnfitFor(db, siteId, subject, input.audience_user_ids);
  if (unfit) throw new AppError('audience_member_unfit', { name: unfit.nickname, subject });
}

/** Replaces an item's chosen entries (in the caller's transaction; the mode is a column of the item). */
export async function replaceAudienceEntries(
  db: Executor,
  siteId: number,
  subject: AudienceSubject,
  subjectId: number,
  chosen: AudienceChoice,
): Promise<void> {
  await db
    .delete(audienceEntries)
    .where(and(eq(audienceEntries.siteId, siteId), eq(SUBJECT_COLUMN[subject], subjectId)));
  const rows = [
    ...chosen.groupIds.map((groupId) => ({ groupId })),
    ...chosen.userIds.map((userId) => ({ userId })),
  ].map((target) => ({ siteId, [SUBJECT_FIELD[subject]]: subjectId, ...target }));
  if (rows.length > 0) await db.insert(audienceEntries).values(rows);
}
