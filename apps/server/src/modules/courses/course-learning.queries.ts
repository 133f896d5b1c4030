import type { TCourseHome, TCourseTaskView, TMyCourseRow, TodoCourseTaskItem } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { groupRows } from '../../platform/group-rows.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { loadTask } from './course-content.queries.ts';
import { withLiveRooms } from './course-live-rooms.queries.ts';
import { withMaterialSources } from './course-material-sources.queries.ts';
import { withInteractionRuns, withOpenSessions } from './course-open-sessions.queries.ts';
import { withSelfTests } from './course-self-test-figures.queries.ts';
import { courseFigures, isDueSoon, taskViews } from './course-states.ts';
import { type TaskOutcome, taskOutcomes } from './course-work.queries.ts';

interface StudentCourseSql {
  id: number;
  name: string;
  cover: string | null;
  description: string;
  category_name: string | null;
  owner_name: string | null;
  starts_on: string | null;
  ends_on: string | null;
  ended: boolean;
}

/**
 * The online courses of the organisation taught to the student's class (a student is in at most one class), newest
 * first. Nobody else sees a course on the student's side.
 */
function visibleCourses(siteId: number, userId: number, where: SQL) {
  return sql`select c.id, c.name, c.cover, c.description, cat.name as category_name, u.nickname as owner_name,
      c.starts_on::text as starts_on, c.ends_on::text as ends_on,
      (c.ends_on is not null and c.ends_on < current_date) as ended
    from courses c
    left join course_categories cat on cat.id = c.category_id
    left join users u on u.id = c.owner_id
    where c.site_id = ${siteId} and c.status = 'online' and ${where}
      and exists (
        select 1 from course_classes cc
        join group_members gm on gm.group_id = cc.group_id and gm.kind = 'class'
        join site_users su on su.id = gm.site_user_id
        where cc.course_id = c.id and su.user_id = ${userId} and su.site_id = ${siteId})
    order by c.id desc`;
}

const courseOf = (row: StudentCourseSql) => ({
  id: Number(row.id),
  name: row.name,
  cover: row.cover,
  category_name: row.category_name,
  owner_name: row.owner_name,
  starts_on: row.starts_on,
  ends_on: row.ends_on,
});

const byCourse = (outcomes: readonly TaskOutcome[]) => groupRows(outcomes, (outcome) => outcome.courseId);

/** One course the student may see (online, taught to their class), else not_found. */
export async function requireStudentCourse(
  db: Executor,
  siteId: number,
  userId: number,
  courseId: number,
): Promise<StudentCourseSql> {
  const [row] = await queryRows<StudentCourseSql>(db, visibleCourses(siteId, userId, sql`c.id = ${courseId}`));
  if (!row) throw new AppError('not_found');
  return row;
}

/** `/dataset-course/my-list`: the student's courses in progress or finished, with progress and score. */
export async function myCourses(
  db: Executor,
  siteId: number,
  userId: number,
  input: { tab: 'in_progress' | 'finished'; page: number; pageSize: number; keyword?: string },
  now = new Date(),
): Promise<{ list: TMyCourseRow[]; total: number }> {
  const keyword = input.keyword?.trim();
  const rows = await queryRows<StudentCourseSql>(
    db,
    visibleCourses(siteId, userId, keyword ? sql`c.name ilike ${likePattern(keyword)}` : sql`true`),
  );
  const outcomes = byCourse(
    await taskOutcomes(
      db,
      siteId,
      userId,
      rows.map((row) => Number(row.id)),
    ),
  );
  const all = rows.map((row) => ({
    ...courseOf(row),
    ...courseFigures(taskViews(outcomes.get(Number(row.id)) ?? [], now), row.ended),
  }));
  const tab = all.filter((course) => course.finished === (input.tab === 'finished'));
  const start = (input.page - 1) * input.pageSize;
  return { list: tab.slice(start, start + input.pageSize), total: tab.length };
}

/** `/dataset-course/home`: due this week first, then the chapters with each task's state, and the figures. */
export async function studentCourseHome(
  db: Executor,
  siteId: number,
  userId: number,
  courseId: number,
  now = new Date(),
): Promise<TCourseHome> {
  const row = await requireStudentCourse(db, siteId, userId, courseId);
  const [chapters, outcomes] = await Promise.all([
    queryRows<{ id: number; seq: number; title: string; starts_on: string | null; ends_on: string | null }>(
      db,
      sql`select id, seq, title, starts_on::text as starts_on, ends_on::text as ends_on from course_chapters
          where site_id = ${siteId} and course_id = ${courseId} order by seq, id`,
    ),
    taskOutcomes(db, siteId, userId, [courseId]),
  ]);
  // Each fills its own fields of the same views: read at once, then what each changed is merged view by view.
  const base = await withMaterialSources(db, siteId, taskViews(outcomes, now));
  const added = await Promise.all([
    withOpenSessions(db, siteId, userId, base),
    withInteractionRuns(db, siteId, userId, base),
    withLiveRooms(db, siteId, userId, base),
    withSelfTests(db, siteId, userId, base),
  ]);
  const views = base.map((view, i) => {
    const merged: Record<string, unknown> = { ...view };
    for (const list of added) {
      for (const [key, value] of Object.entries(list[i]!)) {
        if (value !== view[key as keyof TCourseTaskView]) merged[key] = value;
      }
    }
    return merged as TCourseTaskView;
  });
  const due = views
    .filter((view) => isDueSoon(view, now))
    .sort((a, b) => new Date(a.due_at!).getTime() - new Date(b.due_at!).getTime());
  return {
    course: { ...courseOf(row), description: row.description },
    ...courseFigures(views, row.ended),
    due_this_week: due,
    chapters: chapters.map((chapter) => ({
      id: Number(chapter.id),
      seq: Number(chapter.seq),
      title: chapter.title,
      starts_on: chapter.starts_on,
      ends_on: chapter.ends_on,
      tasks: views.filter((view) => view.chapter_id === Number(chapter.id)),
    })),
  };
}

/**
 * The student's course tasks for the to-do panel: available, not done, due within 7 days or overdue, soonest first
 * (at most `limit`), of courses whose end date has not passed. Only courses with such a due time are read in full.
 */
export async function dueCourseTasks(
  db: Executor,
  siteId: number,
  userId: number,
  now = new Date(),
  limit = 100,
): Promise<TodoCourseTaskItem[]> {
  const horizon = new Date(now.getTime() + 7 * 86_400_000);
  const courses = await queryRows<StudentCourseSql>(
    db,
    visibleCourses(
      siteId,
      userId,
      sql`(c.ends_on is null or c.ends_on >= current_date) and exists (
        select 1 from course_tasks t where t.course_id = c.id and t.due_at <= ${horizon.toISOString()}::timestamptz)`,
    ),
  );
  if (courses.length === 0) return [];
  const names = new Map(courses.map((course) => [Number(course.id), course.name]));
  const chapters = new Map(
    (
      await queryRows<{ id: number; title: string }>(
        db,
        sql`select id, title from course_chapters where site_id = ${siteId} and course_id in (${sql.join(
          [...names.keys()].map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
      )
    ).map((chapter) => [Number(chapter.id), chapter.title]),
  );
  const items: TodoCourseTaskItem[] = [];
  for (const [courseId, outcomes] of byCourse(await taskOutcomes(db, siteId, userId, [...names.keys()]))) {
    for (const view of taskViews(outcomes, now).filter((v) => isDueSoon(v, now))) {
      items.push({
        id: view.id,
        title: view.title,
        kind: view.kind,
        due_at: view.due_at!,
        state: view.state,
        chapter_title: chapters.get(view.chapter_id) ?? '',
        course: { id: courseId, name: names.get(courseId) ?? '' },
      });
    }
  }
  return items
    .sort((a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime() || a.id - b.id)
    .slice(0, limit);
}

/** One task as its student sees it now (inside an online course of their class), else not_found. */
export async function studentTaskView(
  db: Executor,
  siteId: number,
  userId: number,
  taskId: number,
  now = new Date(),
): Promise<TCourseTaskView> {
  const task = await loadTask(db, siteId, taskId);
  await requireStudentCourse(db, siteId, userId, task.courseId);
  const view = taskViews(await taskOutcomes(db, siteId, userId, [task.courseId]), now).find((v) => v.id === task.id);
  if (!view) throw new AppError('not_found');
  return view;
}
