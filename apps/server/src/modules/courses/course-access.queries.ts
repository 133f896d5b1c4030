import { COURSE_MANAGE_ALL_KEY, type TCourseRole } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const { courses, courseTeachers } = schema;
export type CourseRecord = typeof courses.$inferSelect;

/** Who is asking: the user and the keys of their current role. */
export interface CourseCaller {
  userId: number;
  permissions: ReadonlySet<string>;
}

/** What a caller needs for an action: to see the course, to change its chapters and tasks, or to run it. */
export type CourseNeed = 'view' | 'edit' | 'own';

/** One course of the organisation (locked when asked), else not_found. */
export async function loadCourse(db: Executor, siteId: number, id: number, lock = false): Promise<CourseRecord> {
  const query = db
    .select()
    .from(courses)
    .where(and(eq(courses.siteId, siteId), eq(courses.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * The caller's part in a course: `manager` for holders of the manage-all key, else `owner`, else a co-teacher who
 * may edit (`editor`) or only view (`viewer`); null for anybody else.
 */
export async function courseRoleOf(
  db: Executor,
  caller: CourseCaller,
  course: Pick<CourseRecord, 'id' | 'siteId' | 'ownerId'>,
): Promise<TCourseRole | null> {
  if (caller.permissions.has(COURSE_MANAGE_ALL_KEY)) return 'manager';
  if (course.ownerId === caller.userId) return 'owner';
  const [row] = await db
    .select({ canEdit: courseTeachers.canEdit })
    .from(courseTeachers)
    .where(
      and(
        eq(courseTeachers.siteId, course.siteId),
        eq(courseTeachers.courseId, course.id),
        eq(courseTeachers.userId, caller.userId),
      ),
    );
  if (!row) return null;
  return row.canEdit ? 'editor' : 'viewer';
}

const ALLOWED: Record<CourseNeed, readonly TCourseRole[]> = {
  view: ['manager', 'owner', 'editor', 'viewer'],
  edit: ['manager', 'owner', 'editor'],
  own: ['manager', 'owner'],
};

/**
 * A course of the organisation with the caller's part in it, when that part allows `need`: somebody with no part
 * gets not_found (the course is not theirs to know), a viewer asking to edit course_edit_denied, a co-teacher asking
 * to run it course_owner_only.
 */
export async function requireCourse(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  id: number,
  need: CourseNeed,
  lock = false,
): Promise<{ course: CourseRecord; role: TCourseRole }> {
  const course = await loadCourse(db, siteId, id, lock);
  const role = await courseRoleOf(db, caller, course);
  if (role === null) throw new AppError('not_found');
  if (!ALLOWED[need].includes(role)) throw new AppError(need === 'own' ? 'course_owner_only' : 'course_edit_denied');
  return { course, role };
}

/** An archived course is read-only: changes answer course_archived. */
export function refuseArchived(course: Pick<CourseRecord, 'status'>): void {
  if (course.status === 'archived') throw new AppError('course_archived');
}

/** A course whose chapters and tasks the caller may change (locked for the change), not archived. */
export async function requireEditableCourse(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  courseId: number,
): Promise<CourseRecord> {
  const { course } = await requireCourse(db, siteId, caller, courseId, 'edit', true);
  refuseArchived(course);
  return course;
}
