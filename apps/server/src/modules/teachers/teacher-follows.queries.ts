import type { TFollowedTeacher } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';
import { loadTeacher, presentTeacher, type TeacherRecord, teacherColumns } from './teachers.queries.ts';

const { teacherProfiles, teacherFollows, users } = schema;

/** A teacher members may follow and find: verified and not blacklisted. */
const listedTeacher = and(eq(teacherProfiles.status, 'verified'), eq(teacherProfiles.blacklisted, false))!;

/**
 * Verified teachers of the organisation matching any word of the keyword in their title, introduction,
 * subjects or nickname, ranked by how many words match (plain SQL, no AI service).
 */
export async function searchTeachers(db: Executor, siteId: number, words: string[], limit: number) {
  const perWord = words.map((word) => {
    const pattern = likePattern(word);
    return sql<number>`(case when ${or(
      ilike(teacherProfiles.title, pattern),
      ilike(teacherProfiles.bio, pattern),
      ilike(users.nickname, pattern),
      sql`${teacherProfiles.subjects}::text ilike ${pattern}`,
    )} then 1 else 0 end)`;
  });
  const matched = sql<number>`(${sql.join(perWord, sql` + `)})::int`;
  const rows = await db
    .select({ ...teacherColumns, matched })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(and(eq(teacherProfiles.siteId, siteId), listedTeacher, sql`${matched} > 0`))
    .orderBy(desc(matched), desc(teacherProfiles.top), desc(teacherProfiles.id))
    .limit(limit);
  return rows.map((row) => ({ ...presentTeacher(row), matched_words: row.matched }));
}

/** A teacher of the organisation a member may follow (verified, not blacklisted); not_found for another's. */
export async function loadListedTeacher(db: Executor, siteId: number, id: number): Promise<TeacherRecord> {
  const teacher = await loadTeacher(db, siteId, id);
  if (teacher.status !== 'verified' || teacher.blacklisted) throw new AppError('teacher_not_verified');
  return teacher;
}

/** The caller's followed teachers of the organisation that are still listed, most recently followed first. */
export async function listFollowed(
  db: Executor,
  siteId: number,
  userId: number,
  filter: { keyword?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [eq(teacherFollows.userId, userId), eq(teacherProfiles.siteId, siteId), listedTeacher];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(or(ilike(users.nickname, pattern), ilike(teacherProfiles.title, pattern))!);
  }
  const where = and(...conditions);
  const from = () =>
    db
      .select({ profile: teacherProfiles, nickname: users.nickname, followedAt: teacherFollows.createdAt })
      .from(teacherFollows)
      .innerJoin(teacherProfiles, eq(teacherProfiles.id, teacherFollows.teacherProfileId))
      .innerJoin(users, eq(users.id, teacherProfiles.userId));
  const { rows, total } = await pageWithTotal(
    from()
      .where(where)
      .orderBy(desc(teacherFollows.createdAt), desc(teacherProfiles.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(teacherFollows)
      .innerJoin(teacherProfiles, eq(teacherProfiles.id, teacherFollows.teacherProfileId))
      .innerJoin(users, eq(users.id, teacherProfiles.userId))
      .where(where),
  );
  const list: TFollowedTeacher[] = rows.map((row) => ({
    id: row.profile.id,
    nickname: row.nickname,
    title: row.profile.title,
    bio: row.profile.bio,
    subjects: row.profile.subjects,
    resume_url: row.profile.resumeUrl,
    followed_at: row.followedAt.toISOString(),
  }));
  return { rows: list, total };
}
