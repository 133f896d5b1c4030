import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

/** The key a role needs for its holders to teach courses (the teacher's course list). */
const TEACHING_KEY = '/dataset-course/list';

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );

/**
 * Every id names a member of the organisation (else not_found) holding a role there that teaches courses (teachers,
 * managers), else course_teacher_invalid naming the first who does not.
 */
export async function requireCourseTeachers(db: Executor, siteId: number, userIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return;
  const rows = await queryRows<{ id: number; nickname: string; teaches: boolean }>(
    db,
    sql`select u.id, u.nickname, exists (
          select 1 from site_user_roles r join role_permissions rp on rp.role_key = r.role_key
          where r.site_user_id = su.id and rp.permission_key = ${TEACHING_KEY}) as teaches
        from site_users su join users u on u.id = su.user_id
        where su.site_id = ${siteId} and su.status = 'active' and su.user_id in (${idList(wanted)})
        order by u.id`,
  );
  if (rows.length !== wanted.length) throw new AppError('not_found');
  const unfit = rows.find((row) => !row.teaches);
  if (unfit) throw new AppError('course_teacher_invalid', { name: unfit.nickname });
}

/** Every id names a class (not a team group) of the organisation, else not_found. */
export async function requireClasses(db: Executor, siteId: number, groupIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(groupIds)];
  if (wanted.length === 0) return;
  const { groups } = schema;
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.siteId, siteId), eq(groups.kind, 'class'), inArray(groups.id, wanted)));
  if (rows.length !== wanted.length) throw new AppError('not_found');
}

/** A course's co-teachers (for the audit log), by user id. */
export async function courseTeam(db: Executor, siteId: number, courseId: number) {
  const { courseTeachers } = schema;
  return db
    .select({ user_id: courseTeachers.userId, can_edit: courseTeachers.canEdit })
    .from(courseTeachers)
    .where(and(eq(courseTeachers.siteId, siteId), eq(courseTeachers.courseId, courseId)))
    .orderBy(courseTeachers.userId);
}

/** The classes a course is taught to, by id. */
export async function courseClassIds(db: Executor, siteId: number, courseId: number): Promise<number[]> {
  const { courseClasses } = schema;
  const rows = await db
    .select({ id: courseClasses.groupId })
    .from(courseClasses)
    .where(and(eq(courseClasses.siteId, siteId), eq(courseClasses.courseId, courseId)))
    .orderBy(courseClasses.groupId);
  return rows.map((row) => row.id);
}
