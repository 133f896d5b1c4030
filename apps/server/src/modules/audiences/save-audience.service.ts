import type { TAudienceMode } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { requireOwnRecords } from '../../platform/own-records.ts';
import { requireActiveMembers } from '../projects/index.ts';
import { type AudienceChoice, type AudienceSubject, membersUnfitFor } from './audience.queries.ts';

export interface AudienceInput {
  audience: TAudienceMode;
  audience_group_ids: number[];
  audience_user_ids: number[];
}

const { audienceEntries } = schema;
const SUBJECT_COLUMN = { exam: audienceEntries.examId, practice_set: audienceEntries.practiceSetId } as const;
const SUBJECT_FIELD = { exam: 'examId', practice_set: 'practiceSetId' } as const;

/** The chosen classes, team groups and members, without repeats; none unless the mode is `chosen`. */
export function chosenOf(input: AudienceInput): AudienceChoice {
  const chosen = input.audience === 'chosen';
  return {
    groupIds: chosen ? [...new Set(input.audience_group_ids)] : [],
    userIds: chosen ? [...new Set(input.audience_user_ids)] : [],
  };
}

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

/** A chosen audience that names nobody cannot be published (audience_empty). */
export function requireSomebodyChosen(mode: TAudienceMode, chosen: AudienceChoice): void {
  if (mode === 'chosen' && chosen.groupIds.length + chosen.userIds.length === 0) throw new AppError('audience_empty');
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
