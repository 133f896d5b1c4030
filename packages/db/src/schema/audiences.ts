import { sql } from 'drizzle-orm';
import { check, index, pgTable } from 'drizzle-orm/pg-core';
import { id, ref } from './columns.ts';
import { exams } from './exams.ts';
import { groups } from './groups.ts';
import { sites, users } from './iam.ts';
import { practiceSets } from './practice.ts';

/**
 * Who an exam or a practice set is for (`audience` on the exam or set): `everyone` in the organisation, its
 * `students` (role_student holders), or the `chosen` classes, team groups and members listed in `audience_entries`.
 * Membership is resolved when read, so a student joining a chosen class later is in.
 */
export type AudienceMode = 'everyone' | 'students' | 'chosen';

/** One chosen class or team group (`group_id`) or member (`user_id`) of one exam or practice set. */
export const audienceEntries = pgTable(
  'audience_entries',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    examId: ref('exam_id').references(() => exams.id, { onDelete: 'cascade' }),
    practiceSetId: ref('practice_set_id').references(() => practiceSets.id, { onDelete: 'cascade' }),
    groupId: ref('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('audience_entries_one_subject', sql`num_nonnulls(${t.examId}, ${t.practiceSetId}) = 1`),
    check('audience_entries_one_target', sql`num_nonnulls(${t.groupId}, ${t.userId}) = 1`),
    index('audience_entries_exam').on(t.examId),
    index('audience_entries_practice_set').on(t.practiceSetId),
    index('audience_entries_group').on(t.groupId),
    index('audience_entries_user').on(t.userId),
  ],
);
