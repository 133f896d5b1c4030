import { type Executor, queryRows } from '@app/db';
import type { CourseMaterial, CourseTaskKind, CourseTaskRelease } from '@app/db/schema/index.ts';
import { type SQL, sql } from 'drizzle-orm';
import { interactRunScoresSql } from './course-interact-work.queries.ts';
import { liveAttendanceSql } from './course-live-work.queries.ts';

/** A task of a course with what one student has done of it (docs/courses.md "Completion"). */
export interface TaskOutcome {
  id: number;
  courseId: number;
  chapterId: number;
  seq: number;
  kind: CourseTaskKind;
  title: string;
  openAt: Date | null;
  dueAt: Date | null;
  weight: number;
  release: CourseTaskRelease;
  practiceSetId: number | null;
  examId: number | null;
  interactionId: number | null;
  liveRoomId: number | null;
  material: CourseMaterial | null;
  done: boolean;
  started: boolean;
  /** 0..1 */
  progress: number;
  /** Material: seconds into a video or the page of a document the student stopped at. */
  position: number;
  /** 0-100, null until done (or while an exam waits for its grade). */
  score: number | null;
  seconds: number;
}

export interface OutcomeRowSql {
  id: number;
  course_id: number;
  chapter_id: number;
  seq: number;
  kind: CourseTaskKind;
  title: string;
  open_at: Date | string | null;
  due_at: Date | string | null;
  weight: number;
  release: CourseTaskRelease;
  practice_set_id: number | null;
  exam_id: number | null;
  interaction_id: number | null;
  live_room_id: number | null;
  material: CourseMaterial | null;
  p_status: string | null;
  p_progress: number | null;
  p_score: number | null;
  p_seconds: number | null;
  /** Read by the student's own queries only (the matrix does not need it). */
  p_position?: number | null;
  ps_finished: boolean | null;
  ps_started: boolean | null;
  ps_best: string | number | null;
  ea_submitted: boolean | null;
  ea_started: boolean | null;
  ea_best: string | number | null;
  ia_done: boolean | null;
  ia_started: boolean | null;
  ia_best: string | number | null;
  la_started: boolean | null;
  /** The live room's score once it ended (null before). */
  la_best: string | number | null;
  exam_total: string | number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const moment = (value: Date | string | null) => (value === null ? null : new Date(value));
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * What a student did of each task: material from their progress rows; practice from their practice sessions of the
 * task's set started at or after its open time (finished = done, best accuracy = score); exams from their attempts
 * (submitted = done, best graded score as a percent of the exam's total); interact tasks from the runs of the
 * interaction the student answered in (one ended = done, the best ended run's score); live tasks from the student's
 * stays in the room (one = done, their share of the room's live time once it ended). Read, never copied: the
 * practice, exam, interaction and live-room modules own those rows, so a task created or changed later still sees the
 * work.
 */
function outcomesQuery(siteId: number, userId: number, where: SQL) {
  return sql`select t.id, t.course_id, t.chapter_id, t.seq, t.kind, t.title, t.open_at, t.due_at, t.weight,
      t.release, t.practice_set_id, t.exam_id, t.interaction_id, t.live_room_id, t.material,
      p.status as p_status, p.progress as p_progress, p.score as p_score, p.seconds_spent as p_seconds, p.position as p_position,
      ps.finished as ps_finished, ps.started as ps_started, ps.best as ps_best,
      ea.submitted as ea_submitted, ea.started as ea_started, ea.best as ea_best,
      ia.done as ia_done, ia.started as ia_started, ia.best as ia_best,
      la.started as la_started, la.best as la_best, e.total_score as exam_total
    from course_tasks t
    join course_chapters ch on ch.id = t.chapter_id
    left join course_task_progress p on p.task_id = t.id and p.user_id = ${userId}
    left join lateral (
      select bool_or(s.finished_at is not null) as finished, count(*) > 0 as started,
        max(s.correct_count * 100.0 / nullif(jsonb_array_length(s.question_ids), 0))
          filter (where s.finished_at is not null) as best
      from practice_sessions s
      where t.kind = 'practice' and s.set_id = t.practice_set_id and s.user_id = ${userId}
        and s.site_id = t.site_id and (t.open_at is null or s.started_at >= t.open_at)
    ) ps on true
    left join lateral (
      select bool_or(a.status <> 'in_progress') as submitted, count(*) > 0 as started,
        max(a.score) filter (where a.status = 'graded') as best
      from exam_attempts a
      where t.kind in ('exam', 'random_exam', 'homework') and a.exam_id = t.exam_id and a.user_id = ${userId}
        and a.site_id = t.site_id
    ) ea on true
    left join lateral (
      select bool_or(w.ended) as done, count(*) > 0 as started, max(w.score) filter (where w.ended) as best
      from (${interactRunScoresSql(
        sql`t.kind = 'interact' and r.interaction_id = t.interaction_id and r.site_id = t.site_id
          and a.user_id = ${userId}`,
      )}) w
    ) ia on true
    left join lateral (
      select count(*) > 0 as started, max(w.score) as best
      from (${liveAttendanceSql(
        sql`t.kind = 'live' and a.room_id = t.live_room_id and r.site_id = t.site_id and a.user_id = ${userId}`,
      )}) w
    ) la on true
    left join exams e on e.id = t.exam_id
    where t.site_id = ${siteId} and ${where}
    order by t.course_id, ch.seq, ch.id, t.seq, t.id`;
}

/** The task columns of an outcome row, and its work columns (progress p_, practice ps_, exam ea_). */
export type WorkColumns = Pick<
  OutcomeRowSql,
  | 'p_status'
  | 'p_progress'
  | 'p_score'
  | 'p_seconds'
  | 'p_position'
  | 'ps_finished'
  | 'ps_started'
  | 'ps_best'
  | 'ea_submitted'
  | 'ea_started'
  | 'ea_best'
  | 'ia_done'
  | 'ia_started'
  | 'ia_best'
  | 'la_started'
  | 'la_best'
>;
export type TaskColumns = Omit<OutcomeRowSql, keyof WorkColumns>;

/**
 * A task's outcome from its columns and one student's work on it (two objects: the matrix pairs each task with many
 * students' work without copying it — a spread of the driver's wide rows costs microseconds each).
 */
export function outcomeOf(task: TaskColumns, work: WorkColumns): TaskOutcome {
  let done = false;
  let started = false;
  let progress = 0;
  let score: number | null = null;
  if (task.kind === 'material') {
    done = work.p_status === 'done';
    started = work.p_status !== null;
    // A real (float4) column: 0.6 reads as 0.6000000238, so four decimals are kept.
    progress = Math.round(Number(work.p_progress ?? 0) * 10_000) / 10_000;
    score = done ? Number(work.p_score ?? 100) : null;
  } else if (task.kind === 'practice') {
    done = work.ps_finished === true;
    started = work.ps_started === true;
    score = done ? round2(Number(work.ps_best ?? 0)) : null;
  } else if (task.kind === 'exam' || task.kind === 'random_exam' || task.kind === 'homework') {
    done = work.ea_submitted === true;
    started = work.ea_started === true;
    const total = Number(task.exam_total ?? 0);
    score = done && work.ea_best !== null && total > 0 ? round2((Number(work.ea_best) / total) * 100) : null;
  } else if (task.kind === 'interact') {
    done = work.ia_done === true;
    started = work.ia_started === true;
    score = done ? round2(Number(work.ia_best ?? 0)) : null;
  } else if (task.kind === 'live') {
    // Any stay is done (they attended); the score waits for the room's end.
    done = work.la_started === true;
    started = done;
    score = done && work.la_best !== null ? round2(Number(work.la_best)) : null;
  }
  if (done) progress = 1;
  return {
    id: Number(task.id),
    courseId: Number(task.course_id),
    chapterId: Number(task.chapter_id),
    seq: Number(task.seq),
    kind: task.kind,
    title: task.title,
    openAt: moment(task.open_at),
    dueAt: moment(task.due_at),
    weight: Number(task.weight),
    release: task.release,
    practiceSetId: num(task.practice_set_id),
    examId: num(task.exam_id),
    interactionId: num(task.interaction_id),
    liveRoomId: num(task.live_room_id),
    material: task.material,
    done,
    started: started || done,
    progress,
    position: Number(work.p_position ?? 0),
    score,
    seconds: Number(work.p_seconds ?? 0),
  };
}

export const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );

/** Every task of these courses in order (course, chapter, task) with what the student did of it. */
export async function taskOutcomes(
  db: Executor,
  siteId: number,
  userId: number,
  courseIds: readonly number[],
): Promise<TaskOutcome[]> {
  if (courseIds.length === 0) return [];
  const rows = await queryRows<OutcomeRowSql>(
    db,
    outcomesQuery(siteId, userId, sql`t.course_id in (${idList(courseIds)})`),
  );
  return rows.map((row) => outcomeOf(row, row));
}

/**
 * Whether any student of the course's classes has worked on the tasks `where` selects (a condition on `t`): a
 * progress row, or a practice session, exam attempt, interaction answer or stay in a live room that counts for a
 * practice, exam, interact or live task (the same rules as `taskOutcomes`). Deleting such tasks needs `force`; a
 * course with work cannot be deleted.
 */
export async function workExists(db: Executor, siteId: number, where: SQL): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`with tasks as (select t.* from course_tasks t where t.site_id = ${siteId} and ${where}),
      students as (
        select su.user_id, cc.course_id from course_classes cc
        join group_members gm on gm.group_id = cc.group_id and gm.kind = 'class'
        join site_users su on su.id = gm.site_user_id
        where cc.site_id = ${siteId} and cc.course_id in (select course_id from tasks)
      )
    select exists (select 1 from course_task_progress p where p.task_id in (select id from tasks))
      or exists (
        select 1 from tasks t join students st on st.course_id = t.course_id
        join practice_sessions s on s.set_id = t.practice_set_id and s.user_id = st.user_id
        where t.kind = 'practice' and (t.open_at is null or s.started_at >= t.open_at))
      or exists (
        select 1 from tasks t join students st on st.course_id = t.course_id
        join exam_attempts a on a.exam_id = t.exam_id and a.user_id = st.user_id
        where t.kind in ('exam', 'random_exam', 'homework'))
      or exists (
        select 1 from tasks t join students st on st.course_id = t.course_id
        join interaction_runs r on r.interaction_id = t.interaction_id
        join interaction_answers a on a.run_id = r.id and a.user_id = st.user_id
        where t.kind = 'interact')
      or exists (
        select 1 from tasks t join students st on st.course_id = t.course_id
        join live_room_attendance a on a.room_id = t.live_room_id and a.user_id = st.user_id
        where t.kind = 'live') as found`,
  );
  return row?.found === true;
}
