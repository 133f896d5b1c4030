import {
  COURSE_WRONG_QUESTIONS_SHOWN,
  COURSE_WRONG_STEM_LENGTH,
  type TCourseStudentDetail,
  type TCourseWrongNode,
} from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { type CourseCaller, requireCourse } from './course-access.queries.ts';
import { withSelfTests } from './course-self-test-figures.queries.ts';
import { courseFigures, taskViews } from './course-states.ts';
import { taskOutcomes } from './course-work.queries.ts';

/**
 * `/dataset-course/student-detail` (docs/courses.md "Per-student detail and class comparison"): one student of a
 * course as the teacher sees them. The tasks come from `taskOutcomes` and `taskViews`, the very reads of the student's
 * own course home, so each state and score is the one the student sees.
 */

interface StudentSql {
  user_id: number;
  username: string;
  nickname: string;
  class_id: number;
  class_name: string;
}

interface WrongSql {
  question_id: number;
  wrong_count: number;
  stem: string;
  node_id: number | null;
  node_name: string | null;
  map_name: string | null;
}

/** The student of one of the course's classes, with that class; else not_found. */
async function courseStudent(db: Executor, siteId: number, courseId: number, userId: number) {
  const [row] = await queryRows<StudentSql>(
    db,
    sql`select su.user_id, u.username, u.nickname, g.id as class_id, g.name as class_name
      from course_classes cc
      join groups g on g.id = cc.group_id
      join group_members gm on gm.group_id = cc.group_id and gm.kind = 'class'
      join site_users su on su.id = gm.site_user_id and su.site_id = ${siteId}
      join users u on u.id = su.user_id
      where cc.site_id = ${siteId} and cc.course_id = ${courseId} and su.user_id = ${userId}
      limit 1`,
  );
  if (!row) throw new AppError('not_found');
  return { ...row, user_id: Number(row.user_id), class_id: Number(row.class_id) };
}

/**
 * Per practice, exam, interact or live task, the student's sessions, attempts, runs or stays that count for it (the
 * rules of `taskOutcomes`: sessions of the set started at or after the open time; attempts of the exam; runs of the
 * interaction they answered in; stays in the room) and how many are finished (submitted, ended, left).
 */
function attemptsOf(db: Executor, siteId: number, courseId: number, userId: number) {
  return queryRows<{
    task_id: number;
    attempts: number;
    finished: number;
    last_attempt_id: number | null;
    last_run_id: number | null;
  }>(
    db,
    sql`select t.id as task_id, count(*)::int as attempts, count(s.finished_at)::int as finished,
        null::bigint as last_attempt_id, null::bigint as last_run_id
      from course_tasks t
      join practice_sessions s on s.set_id = t.practice_set_id and s.site_id = t.site_id and s.user_id = ${userId}
        and (t.open_at is null or s.started_at >= t.open_at)
      where t.site_id = ${siteId} and t.course_id = ${courseId} and t.kind = 'practice'
      group by t.id
      union all
      select t.id, count(*)::int, (count(*) filter (where a.status <> 'in_progress'))::int,
        max(a.id) filter (where a.status <> 'in_progress'), null
      from course_tasks t
      join exam_attempts a on a.exam_id = t.exam_id and a.site_id = t.site_id and a.user_id = ${userId}
      where t.site_id = ${siteId} and t.course_id = ${courseId} and t.kind in ('exam', 'random_exam', 'homework')
      group by t.id
      union all
      select t.id, count(*)::int, (count(*) filter (where r.status = 'ended'))::int, null,
        max(r.id) filter (where r.status = 'ended')
      from course_tasks t
      join interaction_runs r on r.interaction_id = t.interaction_id and r.site_id = t.site_id
        and exists (select 1 from interaction_answers a where a.run_id = r.id and a.user_id = ${userId})
      where t.site_id = ${siteId} and t.course_id = ${courseId} and t.kind = 'interact'
      group by t.id
      union all
      select t.id, count(*)::int, count(a.left_at)::int, null, null
      from course_tasks t
      join live_room_attendance a on a.room_id = t.live_room_id and a.site_id = t.site_id and a.user_id = ${userId}
      where t.site_id = ${siteId} and t.course_id = ${courseId} and t.kind = 'live'
      group by t.id`,
  );
}

/**
 * The questions the student answered wrong in the sessions, submitted attempts and ended runs that count for the
 * course's practice, exam and interact tasks (each session, attempt or run once, even when two tasks share a set, an
 * exam or an interaction), with how many times, one row per knowledge node of the question (node null: none) — the
 * nodes of the course's own maps when it has any, else of every map of the organisation. As the
 * practice module's portrait does, the answers are the practice, exam and interaction answer rows; an exam question
 * left blank is not an answer.
 */
function wrongAnswersOf(db: Executor, siteId: number, courseId: number, userId: number) {
  return queryRows<WrongSql>(
    db,
    sql`with tasks as (select t.* from course_tasks t where t.site_id = ${siteId} and t.course_id = ${courseId}),
      sessions as (
        select distinct s.id from tasks t
        join practice_sessions s on s.set_id = t.practice_set_id and s.site_id = t.site_id and s.user_id = ${userId}
          and (t.open_at is null or s.started_at >= t.open_at)
        where t.kind = 'practice'),
      attempts as (
        select distinct a.id from tasks t
        join exam_attempts a on a.exam_id = t.exam_id and a.site_id = t.site_id and a.user_id = ${userId}
          and a.status <> 'in_progress'
        where t.kind in ('exam', 'random_exam', 'homework')),
      runs as (
        select distinct r.id from tasks t
        join interaction_runs r on r.interaction_id = t.interaction_id and r.site_id = t.site_id
          and r.status = 'ended'
        where t.kind = 'interact'),
      answers as (
        select pa.question_id from practice_answers pa
        where pa.session_id in (select id from sessions) and pa.correct = false
        union all
        select ea.question_id from exam_answers ea
        where ea.attempt_id in (select id from attempts) and ea.correct = false
          and (jsonb_array_length(ea.chosen) > 0 or ea.response is not null)
        union all
        select ia.question_id from interaction_answers ia
        where ia.run_id in (select id from runs) and ia.user_id = ${userId} and ia.correct = false),
      wrong as (select question_id, count(*)::int as wrong_count from answers group by question_id),
      maps as (
        select m.id, m.name from knowledge_maps m
        where m.site_id = ${siteId} and (m.course_id = ${courseId}
          or not exists (select 1 from knowledge_maps c where c.course_id = ${courseId}))),
      nodes as (
        select qn.question_id, n.id as node_id, n.name as node_name, m.name as map_name
        from question_nodes qn join knowledge_nodes n on n.id = qn.node_id join maps m on m.id = n.map_id
        where qn.question_id in (select question_id from wrong))
    select w.question_id, w.wrong_count, left(q.stem_text, ${COURSE_WRONG_STEM_LENGTH + 1}) as stem,
      k.node_id, k.node_name, k.map_name
    from wrong w
    join questions q on q.id = w.question_id
    left join nodes k on k.question_id = w.question_id
    order by w.wrong_count desc, w.question_id`,
  );
}

const shortStem = (stem: string) =>
  stem.length > COURSE_WRONG_STEM_LENGTH ? `${stem.slice(0, COURSE_WRONG_STEM_LENGTH)}…` : stem;

/** The wrong answers by node: most wrong questions first, the questions without a node last. */
function byNode(rows: readonly WrongSql[]): TCourseStudentDetail['wrong'] {
  const nodes = new Map<number | null, TCourseWrongNode>();
  const questions = new Map<number, number>();
  for (const row of rows) {
    const nodeId = row.node_id === null ? null : Number(row.node_id);
    const questionId = Number(row.question_id);
    let node = nodes.get(nodeId);
    if (!node) {
      node = {
        node_id: nodeId,
        node_name: row.node_name,
        map_name: row.map_name,
        question_count: 0,
        wrong_count: 0,
        questions: [],
      };
      nodes.set(nodeId, node);
    }
    node.question_count += 1;
    node.wrong_count += Number(row.wrong_count);
    if (node.questions.length < COURSE_WRONG_QUESTIONS_SHOWN) {
      node.questions.push({ id: questionId, stem: shortStem(row.stem), wrong_count: Number(row.wrong_count) });
    }
    questions.set(questionId, Number(row.wrong_count));
  }
  const list = [...nodes.values()].sort(
    (a, b) =>
      Number(a.node_id === null) - Number(b.node_id === null) ||
      b.question_count - a.question_count ||
      b.wrong_count - a.wrong_count ||
      (a.node_name ?? '').localeCompare(b.node_name ?? ''),
  );
  return {
    question_count: questions.size,
    wrong_count: [...questions.values()].reduce((sum, count) => sum + count, 0),
    nodes: list,
  };
}

export async function courseStudentDetail(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  input: { course_id: number; user_id: number },
  now = new Date(),
): Promise<TCourseStudentDetail> {
  const { course } = await requireCourse(db, siteId, caller, input.course_id, 'view');
  const student = await courseStudent(db, siteId, course.id, input.user_id);
  const [chapters, outcomes, attempts, wrong] = await Promise.all([
    queryRows<{ id: number; seq: number; title: string }>(
      db,
      sql`select id, seq, title from course_chapters where site_id = ${siteId} and course_id = ${course.id}`,
    ),
    taskOutcomes(db, siteId, student.user_id, [course.id]),
    attemptsOf(db, siteId, course.id, student.user_id),
    wrongAnswersOf(db, siteId, course.id, student.user_id),
  ]);
  const chapterOf = new Map(chapters.map((chapter) => [Number(chapter.id), chapter]));
  const attemptsByTask = new Map(attempts.map((row) => [Number(row.task_id), row]));
  const views = await withSelfTests(db, siteId, student.user_id, taskViews(outcomes, now));
  const ended = course.endsOn !== null && course.endsOn < now.toISOString().slice(0, 10);
  const figures = courseFigures(views, ended);
  return {
    course: { id: course.id, name: course.name, status: course.status },
    student,
    figures: {
      task_count: figures.task_count,
      done_count: figures.done_count,
      overdue_count: views.filter((view) => view.state === 'overdue').length,
      progress: figures.progress,
      score: figures.score,
      seconds_spent: views.reduce((sum, view) => sum + view.seconds_spent, 0),
    },
    tasks: views.map((view) => {
      const chapter = chapterOf.get(view.chapter_id);
      const tries = attemptsByTask.get(view.id);
      return {
        id: view.id,
        chapter_id: view.chapter_id,
        chapter_seq: Number(chapter?.seq ?? 0),
        chapter_title: chapter?.title ?? '',
        seq: view.seq,
        kind: view.kind,
        title: view.title,
        open_at: view.open_at,
        due_at: view.due_at,
        weight: view.weight,
        release: view.release,
        state: view.state,
        progress: view.progress,
        score: view.score,
        seconds_spent: view.seconds_spent,
        attempt_count: tries?.attempts ?? 0,
        finished_count: tries?.finished ?? 0,
        last_attempt_id: tries?.last_attempt_id == null ? null : Number(tries.last_attempt_id),
        last_run_id: tries?.last_run_id == null ? null : Number(tries.last_run_id),
        self_test: view.self_test,
      };
    }),
    wrong: byNode(wrong),
  };
}
