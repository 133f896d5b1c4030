import {
  COURSE_MANAGE_ALL_KEY,
  type TCourseClassComparison,
  type TCourseClassesOfCourse,
  type TCourseGroupFigures,
  type TCourseStatus,
} from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { groupRows } from '../../platform/group-rows.ts';
import { type CourseCaller, requireCourse } from './course-access.queries.ts';
import { type ClassWorkSql, classWorkOf, dueCount, outcomesFromWork } from './course-class-work.queries.ts';
import { courseFigures, taskViews } from './course-states.ts';
import { idList, type TaskColumns } from './course-work.queries.ts';

/**
 * A class across its courses and a course across its classes (docs/courses.md "Per-student detail and class
 * comparison"): each student's outcomes by the matrix's rules (`outcomeOf`, `course-states.ts`), summed up per group.
 * Four reads whatever the number of students and courses: the courses, the students, the tasks, and the work.
 */

interface MemberSql {
  user_id: number;
  class_id: number;
}

/** What one student did of one task: a progress row (p), practice sessions (s) or exam attempts (e). */

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Courses the caller may view (manager: every course): the condition on `c` that `requireCourse` applies to one. */
function viewable(caller: CourseCaller): SQL {
  if (caller.permissions.has(COURSE_MANAGE_ALL_KEY)) return sql`true`;
  return sql`(c.owner_id = ${caller.userId} or exists (
    select 1 from course_teachers ct where ct.course_id = c.id and ct.user_id = ${caller.userId}))`;
}

/** Every task of these courses in course order, with what `outcomeOf` reads of it. */
function tasksOf(db: Executor, siteId: number, courseIds: readonly number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return queryRows<TaskColumns>(
    db,
    sql`select t.id, t.course_id, t.chapter_id, t.seq, t.kind, t.title, t.open_at, t.due_at, t.weight, t.release,
        t.practice_set_id, t.exam_id, t.interaction_id, t.live_room_id, null as material, e.total_score as exam_total
      from course_tasks t join course_chapters ch on ch.id = t.chapter_id left join exams e on e.id = t.exam_id
      where t.site_id = ${siteId} and t.course_id in (${idList(courseIds)})
      order by t.course_id, ch.seq, ch.id, t.seq, t.id`,
  );
}

/** One student's figures in one course: the matrix row's (done, overdue, progress, score) and whether behind. */
function studentFigures(tasks: readonly TaskColumns[], work: readonly ClassWorkSql[], now: Date) {
  const outcomes = outcomesFromWork(tasks, work);
  const views = taskViews(outcomes, now);
  const figures = courseFigures(views, false);
  return {
    progress: figures.progress,
    score: figures.score,
    overdue: views.filter((view) => view.state === 'overdue').length,
    // The matrix's `behind`: fewer tasks done than tasks already due.
    behind: figures.done_count < dueCount(tasks, now),
  };
}

/** A group of students of one course, summed up: means of progress and score, those behind, overdue tasks. */
function groupFigures(
  tasks: readonly TaskColumns[],
  userIds: readonly number[],
  workByUser: ReadonlyMap<number, ClassWorkSql[]>,
  now: Date,
): TCourseGroupFigures {
  const rows = userIds.map((id) => studentFigures(tasks, workByUser.get(id) ?? [], now));
  const scores = rows.map((row) => row.score).filter((score): score is number => score !== null);
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    student_count: rows.length,
    task_count: tasks.length,
    avg_progress: rows.length === 0 ? null : round(mean(rows.map((row) => row.progress)), 1),
    avg_score: scores.length === 0 ? null : round(mean(scores), 2),
    behind_count: rows.filter((row) => row.behind).length,
    overdue_count: rows.reduce((sum, row) => sum + row.overdue, 0),
  };
}

/** Students of these classes (a student is in at most one class). */
function membersOf(db: Executor, siteId: number, classIds: readonly number[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return queryRows<MemberSql>(
    db,
    sql`select su.user_id, gm.group_id as class_id from group_members gm
      join site_users su on su.id = gm.site_user_id
      where gm.group_id in (${idList(classIds)}) and gm.kind = 'class' and su.site_id = ${siteId}
      order by su.user_id`,
  );
}

const byUser = (work: readonly ClassWorkSql[]) => groupRows(work, (item) => Number(item.user_id));

interface ClassSql {
  id: number;
  name: string;
  student_count: number;
}

const presentClass = (row: ClassSql) => ({
  id: Number(row.id),
  name: row.name,
  student_count: Number(row.student_count),
});

/**
 * `/dataset-course/class-comparison`: the classes the caller may compare (those of the courses they may view; a
 * manager: every class of the organisation), and for the chosen one each of those courses taught to it with the
 * class's figures. A class not among them answers not_found.
 */
export async function classComparison(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  classId: number | undefined,
  now = new Date(),
): Promise<TCourseClassComparison> {
  const mine = caller.permissions.has(COURSE_MANAGE_ALL_KEY)
    ? sql`true`
    : sql`exists (select 1 from course_classes cc join courses c on c.id = cc.course_id
        where cc.group_id = g.id and c.site_id = ${siteId} and ${viewable(caller)})`;
  const classes = (
    await queryRows<ClassSql>(
      db,
      sql`select g.id, g.name,
          (select count(*)::int from group_members gm where gm.group_id = g.id and gm.kind = 'class') as student_count
        from groups g where g.site_id = ${siteId} and g.kind = 'class' and ${mine}
        order by g.name, g.id`,
    )
  ).map(presentClass);
  if (classId === undefined) return { classes, class: null, courses: [] };
  const chosen = classes.find((c) => c.id === classId);
  if (!chosen) throw new AppError('not_found');
  const [courses, members] = await Promise.all([
    queryRows<{ id: number; name: string; status: TCourseStatus; starts_on: string | null; ends_on: string | null }>(
      db,
      sql`select c.id, c.name, c.status, c.starts_on::text as starts_on, c.ends_on::text as ends_on
        from courses c join course_classes cc on cc.course_id = c.id and cc.group_id = ${classId}
        where c.site_id = ${siteId} and ${viewable(caller)}
        order by c.id desc`,
    ),
    membersOf(db, siteId, [classId]),
  ]);
  const courseIds = courses.map((course) => Number(course.id));
  const userIds = members.map((member) => Number(member.user_id));
  const [tasks, work] = await Promise.all([
    tasksOf(db, siteId, courseIds),
    classWorkOf(db, siteId, courseIds, userIds),
  ]);
  const tasksByCourse = groupRows(tasks, (task) => Number(task.course_id));
  const workByUser = byUser(work);
  return {
    classes,
    class: chosen,
    courses: courses.map((course) => ({
      id: Number(course.id),
      name: course.name,
      status: course.status,
      starts_on: course.starts_on,
      ends_on: course.ends_on,
      ...groupFigures(tasksByCourse.get(Number(course.id)) ?? [], userIds, workByUser, now),
    })),
  };
}

/**
 * `/dataset-course/course-class-comparison`: each class of a course the caller may view, by name, with its figures,
 * and all of its students together.
 */
export async function courseClassesOfCourse(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  courseId: number,
  now = new Date(),
): Promise<TCourseClassesOfCourse> {
  const { course } = await requireCourse(db, siteId, caller, courseId, 'view');
  const classes = await queryRows<{ id: number; name: string }>(
    db,
    sql`select g.id, g.name from course_classes cc join groups g on g.id = cc.group_id
      where cc.site_id = ${siteId} and cc.course_id = ${course.id} order by g.name, g.id`,
  );
  const members = await membersOf(
    db,
    siteId,
    classes.map((c) => Number(c.id)),
  );
  const userIds = members.map((member) => Number(member.user_id));
  const [tasks, work] = await Promise.all([
    tasksOf(db, siteId, [course.id]),
    classWorkOf(db, siteId, [course.id], userIds),
  ]);
  const workByUser = byUser(work);
  const byClass = groupRows(
    members,
    (member) => Number(member.class_id),
    (member) => Number(member.user_id),
  );
  return {
    course: { id: course.id, name: course.name, status: course.status },
    classes: classes.map((c) => ({
      id: Number(c.id),
      name: c.name,
      ...groupFigures(tasks, byClass.get(Number(c.id)) ?? [], workByUser, now),
    })),
    all: groupFigures(tasks, userIds, workByUser, now),
  };
}
