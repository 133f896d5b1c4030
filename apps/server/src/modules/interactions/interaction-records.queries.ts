import type { TRunDetail } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { CourseCaller } from '../courses/index.ts';
import { requireCourse } from '../courses/index.ts';
import { loadQuestionsById } from '../question-bank/index.ts';
import { loadRun, runStudentIds } from './run-views.queries.ts';

interface RecordSql {
  id: number;
  interaction_id: number;
  title: string;
  mode: 'live' | 'self_paced';
  status: 'open' | 'ended';
  started_at: string;
  ended_at: string | null;
  class_ids: number[];
  class_names: string[] | null;
  joined_count: number;
  answers: number;
  correct: number;
}

const recordsSql = (siteId: number, where: ReturnType<typeof sql>) =>
  sql`select r.id, r.interaction_id, r.title, r.mode, r.status, r.started_at, r.ended_at, r.class_ids,
      (select array_agg(g.name order by g.name) from groups g
        where g.site_id = ${siteId} and g.id in (select jsonb_array_elements_text(r.class_ids)::bigint)) as class_names,
      (select count(*)::int from interaction_joins j where j.run_id = r.id) as joined_count,
      (select count(*)::int from interaction_answers a where a.run_id = r.id) as answers,
      (select count(*)::int from interaction_answers a where a.run_id = r.id and a.correct) as correct
    from interaction_runs r where r.site_id = ${siteId} and ${where}`;

async function recordOf(db: Executor, siteId: number, row: RecordSql) {
  const students = await runStudentIds(db, siteId, row.class_ids);
  return {
    run_id: Number(row.id),
    interaction_id: Number(row.interaction_id),
    title: row.title,
    mode: row.mode,
    status: row.status,
    started_at: new Date(row.started_at).toISOString(),
    ended_at: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
    class_names: row.class_names ?? [],
    student_count: students.length,
    joined_count: Number(row.joined_count),
    accuracy: Number(row.answers) === 0 ? null : Math.round((Number(row.correct) * 1000) / Number(row.answers)) / 10,
  };
}

/** `/course-interact/records`: the course's runs, newest first. */
export async function runRecords(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  input: { course_id: number; page: number; pageSize: number },
) {
  const { course } = await requireCourse(db, siteId, caller, input.course_id, 'view');
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from interaction_runs where site_id = ${siteId} and course_id = ${course.id}`,
  );
  const rows = await queryRows<RecordSql>(
    db,
    sql`${recordsSql(siteId, sql`r.course_id = ${course.id}`)} order by r.id desc
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const list = await Promise.all(rows.map((row) => recordOf(db, siteId, row)));
  return { list, total: Number(count?.total ?? 0) };
}

/** `/course-interact/run-detail`: per question its accuracy; per student of the classes their answers and points. */
export async function runDetail(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  runId: number,
): Promise<TRunDetail> {
  const run = await loadRun(db, siteId, runId);
  await requireCourse(db, siteId, caller, run.courseId, 'view');
  const [row] = await queryRows<RecordSql>(db, recordsSql(siteId, sql`r.id = ${run.id}`));
  const [record, studentIds, questions, answers, joins] = await Promise.all([
    recordOf(db, siteId, row!),
    runStudentIds(db, siteId, run.classIds),
    loadQuestionsById(
      db,
      siteId,
      run.items.map((item) => item.question_id),
    ),
    db.select().from(schema.interactionAnswers).where(eq(schema.interactionAnswers.runId, run.id)),
    db.select().from(schema.interactionJoins).where(eq(schema.interactionJoins.runId, run.id)),
  ]);
  const answered = new Set(answers.map((answer) => answer.userId));
  const ids = [...new Set([...studentIds, ...answered])];
  const people =
    ids.length === 0
      ? []
      : await queryRows<{ id: number; username: string; nickname: string }>(
          db,
          sql`select id, username, nickname from users where id in (${sql.join(
            ids.map((id) => sql`${id}::bigint`),
            sql`, `,
          )}) order by username, id`,
        );
  const joined = new Set(joins.map((join) => join.userId));
  return {
    ...record,
    questions: run.items.map((item, index) => {
      const of = answers.filter((answer) => answer.questionIndex === index);
      const question = questions.get(item.question_id);
      return {
        index,
        question_id: item.question_id,
        type: question?.type ?? 'single',
        stem_text: question?.stemText ?? '',
        points: item.points,
        answered: of.length,
        correct: of.filter((answer) => answer.correct).length,
      };
    }),
    students: people.map((person) => {
      const mine = answers.filter((answer) => answer.userId === Number(person.id));
      return {
        user_id: Number(person.id),
        username: person.username,
        nickname: person.nickname,
        joined: joined.has(Number(person.id)),
        points: mine.reduce((sum, answer) => sum + answer.points, 0),
        correct: mine.filter((answer) => answer.correct).length,
        answers: run.items.map((_, index) => {
          const answer = mine.find((a) => a.questionIndex === index);
          return answer ? { correct: answer.correct, points: answer.points } : null;
        }),
      };
    }),
  };
}

/**
 * `/course-interact/my-open`: open runs of online courses for the student's classes whose current question (or the
 * first, not sent yet) they have not answered; self-paced, while its questions are open and not all answered.
 */
export async function myOpenRuns(db: Executor, siteId: number, userId: number) {
  const rows = await queryRows<{ id: number; course_id: number; title: string; course_name: string; items: unknown[] }>(
    db,
    sql`select r.id, r.course_id, r.title, c.name as course_name, r.items
      from interaction_runs r join courses c on c.id = r.course_id
      where r.site_id = ${siteId} and r.status = 'open' and c.status = 'online'
        and exists (select 1 from group_members gm join site_users su on su.id = gm.site_user_id
          where gm.kind = 'class' and su.user_id = ${userId}
            and gm.group_id in (select jsonb_array_elements_text(r.class_ids)::bigint))
        and case when r.mode = 'self_paced'
          then r.question_state = 'open' and (r.question_deadline is null or r.question_deadline > now())
            and (select count(*) from interaction_answers a where a.run_id = r.id and a.user_id = ${userId})
              < jsonb_array_length(r.items)
          else not exists (select 1 from interaction_answers a where a.run_id = r.id and a.user_id = ${userId}
            and a.question_index = r.current_index) end
      order by r.id`,
  );
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      train_id: Number(row.course_id),
      title: row.title,
      course_name: row.course_name,
      data_count: row.items.length,
    })),
  };
}
