import {
  COURSE_MANAGE_ALL_KEY,
  type TCourseDetail,
  type TCourseRole,
  type TCourseRow,
  type TCourseStatus,
} from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';
import { rawMoment } from '../../platform/raw-moment.ts';
import type { CourseCaller, CourseRecord } from './course-access.queries.ts';
import { categoryWithDescendants } from './course-categories.queries.ts';
import { courseChaptersWithTasks } from './course-content.queries.ts';

interface CourseRowSql {
  id: number;
  name: string;
  cover: string | null;
  status: TCourseStatus;
  description: string;
  category_id: number | null;
  category_name: string | null;
  owner_id: number | null;
  owner_name: string | null;
  starts_on: string | null;
  ends_on: string | null;
  copied_from_id: number | null;
  class_count: number;
  chapter_count: number;
  task_count: number;
  student_count: number;
  can_edit: boolean | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The caller's courses (all of the organisation for managers) matching `where`, with their counts. */
function coursesQuery(siteId: number, caller: CourseCaller, where: SQL, tail: SQL) {
  const all = caller.permissions.has(COURSE_MANAGE_ALL_KEY);
  return sql`select c.id, c.name, c.cover, c.status, c.description, c.category_id, cat.name as category_name,
      c.owner_id, u.nickname as owner_name, c.starts_on::text as starts_on, c.ends_on::text as ends_on,
      c.copied_from_id, c.created_at, c.updated_at, ct.can_edit,
      (select count(*)::int from course_classes cc where cc.course_id = c.id) as class_count,
      (select count(*)::int from course_chapters ch where ch.course_id = c.id) as chapter_count,
      (select count(*)::int from course_tasks t where t.course_id = c.id) as task_count,
      (select count(*)::int from course_classes cc join group_members gm on gm.group_id = cc.group_id
        where cc.course_id = c.id) as student_count
    from courses c
    left join course_categories cat on cat.id = c.category_id
    left join users u on u.id = c.owner_id
    left join course_teachers ct on ct.course_id = c.id and ct.user_id = ${caller.userId}
    where c.site_id = ${siteId}
      and ${all ? sql`true` : sql`(c.owner_id = ${caller.userId} or ct.user_id is not null)`}
      and ${where}
    ${tail}`;
}

function roleOf(caller: CourseCaller, row: CourseRowSql): TCourseRole {
  if (caller.permissions.has(COURSE_MANAGE_ALL_KEY)) return 'manager';
  if (num(row.owner_id) === caller.userId) return 'owner';
  return row.can_edit ? 'editor' : 'viewer';
}

function present(caller: CourseCaller, row: CourseRowSql): TCourseRow {
  return {
    id: Number(row.id),
    name: row.name,
    cover: row.cover,
    status: row.status,
    category_id: num(row.category_id),
    category_name: row.category_name,
    owner_id: num(row.owner_id),
    owner_name: row.owner_name,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    class_count: Number(row.class_count),
    chapter_count: Number(row.chapter_count),
    task_count: Number(row.task_count),
    student_count: Number(row.student_count),
    my_role: roleOf(caller, row),
    created_at: rawMoment(row.created_at)!,
    updated_at: rawMoment(row.updated_at)!,
  };
}

/** `/dataset-course/list`: newest first; a category filter takes the categories below it too. */
export async function listCourses(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  input: { page: number; pageSize: number; keyword?: string; status?: TCourseStatus; category_id?: number },
): Promise<{ list: TCourseRow[]; total: number }> {
  const conditions: SQL[] = [];
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(sql`c.name ilike ${likePattern(keyword)}`);
  if (input.status) conditions.push(sql`c.status = ${input.status}`);
  if (input.category_id !== undefined) {
    const ids = await categoryWithDescendants(db, siteId, input.category_id);
    conditions.push(
      sql`c.category_id in (${sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`,
    );
  }
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const { rows, total } = await pageWithTotal(
    queryRows<CourseRowSql>(
      db,
      coursesQuery(siteId, caller, where, sql`order by c.id desc limit ${input.pageSize} offset ${pageOffset(input)}`),
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${coursesQuery(siteId, caller, where, sql``)}) x`),
  );
  return { list: rows.map((row) => present(caller, row)), total };
}

/** `/dataset-course/detail`: the course with co-teachers, classes, chapters and tasks (the caller may view it). */
export async function courseDetail(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  id: number,
): Promise<TCourseDetail> {
  const [row] = await queryRows<CourseRowSql>(db, coursesQuery(siteId, caller, sql`c.id = ${id}`, sql``));
  if (!row) throw new AppError('not_found');
  const [teachers, classes, chapters] = await Promise.all([
    queryRows<{ user_id: number; nickname: string; can_edit: boolean }>(
      db,
      sql`select ct.user_id, u.nickname, ct.can_edit from course_teachers ct join users u on u.id = ct.user_id
          where ct.site_id = ${siteId} and ct.course_id = ${id} order by ct.user_id`,
    ),
    queryRows<{ id: number; name: string; student_count: number }>(
      db,
      sql`select g.id, g.name, (select count(*)::int from group_members gm where gm.group_id = g.id) as student_count
          from course_classes cc join groups g on g.id = cc.group_id
          where cc.site_id = ${siteId} and cc.course_id = ${id} order by g.id`,
    ),
    courseChaptersWithTasks(db, siteId, id),
  ]);
  return {
    ...present(caller, row),
    description: row.description,
    copied_from_id: num(row.copied_from_id),
    teachers: teachers.map((t) => ({ user_id: Number(t.user_id), nickname: t.nickname, can_edit: t.can_edit })),
    classes: classes.map((c) => ({ id: Number(c.id), name: c.name, student_count: Number(c.student_count) })),
    chapters,
  };
}

/** What the audit log keeps of a course. */
export const courseAuditState = (course: CourseRecord) => ({
  name: course.name,
  status: course.status,
  category_id: course.categoryId,
  cover: course.cover,
  description: course.description,
  owner_id: course.ownerId,
  starts_on: course.startsOn,
  ends_on: course.endsOn,
});
