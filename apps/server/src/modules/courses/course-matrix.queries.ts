import type { TCourseMatrix, TCourseMatrixRow } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { groupRows } from '../../platform/group-rows.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { type CourseCaller, requireCourse } from './course-access.queries.ts';
import { type ClassWorkSql, classWorkOf, dueCount, outcomesFromWork } from './course-class-work.queries.ts';
import { courseFigures, taskViews } from './course-states.ts';
import type { TaskColumns } from './course-work.queries.ts';

export interface MatrixSelection {
  course_id: number;
  class_id?: number;
  filter: 'all' | 'behind' | 'overdue' | 'not_started';
  keyword?: string;
}

interface StudentSql {
  user_id: number;
  username: string;
  nickname: string;
  class_id: number;
  class_name: string;
}

type TaskSql = TaskColumns & { chapter_seq: number };

/** The row of the matrix of one student from their outcomes (docs/courses.md: the student's own states). */
function rowOf(
  student: StudentSql,
  tasks: readonly TaskSql[],
  work: readonly ClassWorkSql[],
  ended: boolean,
  now: Date,
) {
  const outcomes = outcomesFromWork(tasks, work);
  const views = taskViews(outcomes, now);
  const figures = courseFigures(views, ended);
  return {
    row: {
      ...student,
      user_id: Number(student.user_id),
      class_id: Number(student.class_id),
      done_count: figures.done_count,
      overdue_count: views.filter((view) => view.state === 'overdue').length,
      progress: figures.progress,
      score: figures.score,
      seconds_spent: views.reduce((sum, view) => sum + view.seconds_spent, 0),
      cells: views.map((view) => ({ state: view.state, score: view.score })),
    } satisfies TCourseMatrixRow,
    behind: figures.done_count < dueCount(tasks, now),
    started: outcomes.some((outcome) => outcome.started),
  };
}

/** What the matrix and the ranking read first: the course's classes, the selected students and the tasks. */
export async function loadMatrixFrame(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  input: Omit<MatrixSelection, 'filter'>,
  now: Date,
) {
  const { course } = await requireCourse(db, siteId, caller, input.course_id, 'view');
  const classes = await queryRows<{ id: number; name: string; student_count: number }>(
    db,
    sql`select g.id, g.name, (select count(*)::int from group_members gm where gm.group_id = g.id and gm.kind = 'class')
        as student_count
      from course_classes cc join groups g on g.id = cc.group_id
      where cc.site_id = ${siteId} and cc.course_id = ${course.id} order by g.name, g.id`,
  );
  if (input.class_id !== undefined && !classes.some((c) => Number(c.id) === input.class_id)) {
    throw new AppError('not_found');
  }
  const students = await queryRows<StudentSql>(
    db,
    sql`select su.user_id, u.username, u.nickname, g.id as class_id, g.name as class_name
      from course_classes cc
      join groups g on g.id = cc.group_id
      join group_members gm on gm.group_id = cc.group_id and gm.kind = 'class'
      join site_users su on su.id = gm.site_user_id
      join users u on u.id = su.user_id
      where cc.site_id = ${siteId} and cc.course_id = ${course.id}
        and ${input.class_id === undefined ? sql`true` : sql`cc.group_id = ${input.class_id}`}
        and ${input.keyword ? sql`(u.username ilike ${likePattern(input.keyword)} or u.nickname ilike ${likePattern(input.keyword)})` : sql`true`}
      order by u.username, su.user_id`,
  );
  const tasks = await queryRows<TaskSql>(
    db,
    sql`select t.id, t.course_id, t.chapter_id, t.seq, t.kind, t.title, t.open_at, t.due_at, t.weight, t.release,
        t.practice_set_id, t.exam_id, t.interaction_id, t.live_room_id, t.material, e.total_score as exam_total,
        ch.seq as chapter_seq
      from course_tasks t join course_chapters ch on ch.id = t.chapter_id left join exams e on e.id = t.exam_id
      where t.site_id = ${siteId} and t.course_id = ${course.id}
      order by ch.seq, ch.id, t.seq, t.id`,
  );
  const ended = course.endsOn !== null && course.endsOn < now.toISOString().slice(0, 10);
  return {
    courseId: course.id,
    classes: classes.map((c) => ({ id: Number(c.id), name: c.name, student_count: Number(c.student_count) })),
    students,
    tasks,
    ended,
  };
}

type MatrixFrame = Awaited<ReturnType<typeof loadMatrixFrame>>;

/** The matrix rows of some of the frame's students, with whether each is behind and has started anything. */
export async function analyseStudents(
  db: Executor,
  siteId: number,
  frame: MatrixFrame,
  students: readonly StudentSql[],
  now: Date,
) {
  const work = await classWorkOf(
    db,
    siteId,
    [frame.courseId],
    students.map((s) => Number(s.user_id)),
  );
  const byUser = groupRows(work, (item) => Number(item.user_id));
  return students.map((student) =>
    rowOf(student, frame.tasks, byUser.get(Number(student.user_id)) ?? [], frame.ended, now),
  );
}

/**
 * The class × task matrix of a course (or its export, `page` null: every selected student). Without a filter only
 * the page's students are read; a filter reads the whole selection, since who is behind depends on their work.
 */
export async function courseMatrix(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  input: MatrixSelection & { page: number | null; pageSize: number },
  now = new Date(),
): Promise<Omit<TCourseMatrix, 'page' | 'pageSize'>> {
  const frame = await loadMatrixFrame(db, siteId, caller, input, now);
  const { students, tasks } = frame;
  const paged = input.filter === 'all' && input.page !== null;
  const offset = input.page === null ? 0 : (input.page - 1) * input.pageSize;
  const read = paged ? students.slice(offset, offset + input.pageSize) : students;
  let rows = await analyseStudents(db, siteId, frame, read, now);
  if (input.filter === 'behind') rows = rows.filter((r) => r.behind);
  if (input.filter === 'overdue') rows = rows.filter((r) => r.row.overdue_count > 0);
  if (input.filter === 'not_started') rows = rows.filter((r) => !r.started);
  const total = paged ? students.length : rows.length;
  if (!paged && input.page !== null) rows = rows.slice(offset, offset + input.pageSize);
  return {
    list: rows.map((r) => r.row),
    total,
    tasks: tasks.map((task) => ({
      id: Number(task.id),
      chapter_id: Number(task.chapter_id),
      chapter_seq: Number(task.chapter_seq),
      seq: Number(task.seq),
      kind: task.kind,
      title: task.title,
      open_at: task.open_at === null ? null : new Date(task.open_at).toISOString(),
      due_at: task.due_at === null ? null : new Date(task.due_at).toISOString(),
      weight: Number(task.weight),
      release: task.release,
    })),
    classes: frame.classes,
  };
}
