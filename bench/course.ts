// Course benchmark: `npm run bench -- course [--students 2000] [--chapters 40] [--tasks 10] [--done 0.6] [--calls 200]`.
// On a fresh database of the PostgreSQL server of TEST_DATABASE_URL (else DATABASE_URL, default: the local test
// server): one online course of `chapters` × `tasks` tasks (per chapter an exam, a practice, the rest material) taught to four
// classes of `students` / 4 students each, with `done` of the work done (material read, practice sessions finished,
// exam attempts graded). Through the real app (routing, session, validation, handler) it measures the student's
// course home (`/dataset-course/home`, random students) and the teacher's class × task matrix
// (`/dataset-course/matrix` of one class: a page of 50, and the whole class filtered to those behind), each against
// the bare SQL that reads the same rows. Targets: home p99 < 50 ms, matrix p99 < 300 ms (the page the teacher sees; the
// whole class filtered is reported).
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type Database, openDatabase, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/platform/session.ts';
import { freshMember } from '../apps/server/src/testing/audiences.ts';
import { examCategory, examQuestions, insertExam } from '../apps/server/src/testing/exams.ts';
import { siteIdByName } from '../apps/server/src/testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../apps/server/src/testing/test-app.ts';
import { fillCourse } from './support/course-data.ts';
import { round, timed } from './support/figures.ts';
import { createScratchDatabase } from './support/scratch-database.ts';

const TARGET_HOME_P99_MS = 50;
const TARGET_MATRIX_P99_MS = 300;

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '2000' },
    chapters: { type: 'string', default: '40' },
    tasks: { type: 'string', default: '10' },
    done: { type: 'string', default: '0.6' },
    calls: { type: 'string', default: '200' },
  },
  allowPositionals: false,
});
const students = Number(values.students);
const chapters = Number(values.chapters);
const tasksEach = Number(values.tasks);
const doneShare = Number(values.done);
const calls = Number(values.calls);
if (!Number.isInteger(students) || students < 4 || students > 20_000) throw new Error('--students: 4 to 20000');
if (!Number.isInteger(chapters) || chapters < 1 || chapters > 100) throw new Error('--chapters: 1 to 100');
if (!Number.isInteger(tasksEach) || tasksEach < 1 || tasksEach > 50) throw new Error('--tasks: 1 to 50');
if (!(doneShare >= 0 && doneShare <= 1)) throw new Error('--done: 0 to 1');
if (!Number.isInteger(calls) || calls < 10 || calls > 10_000) throw new Error('--calls: 10 to 10000');

const scratch = await createScratchDatabase('bench_course');
let database: Database | null = null;
let t: TestApp | null = null;
try {
  database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 10 });
  t = await createTestApp({}, database);
  t.deps.validateOutput = false;
  const siteId = await siteIdByName(t, '示范学院');
  const teacher = await freshMember(t, siteId, 'role_teacher');
  const categoryId = await examCategory(t, siteId);
  const questionIds = await examQuestions(t, siteId, categoryId, 5);
  const examIds: number[] = [];
  for (let i = 0; i < chapters; i++) {
    examIds.push(await insertExam(t, siteId, { questionIds, totalScore: 100, passScore: 60, attemptsAllowed: 3 }));
  }
  console.log(`database: ${scratch.label}`);
  const began = performance.now();
  const data = await fillCourse(database.db, {
    siteId,
    teacherId: teacher.id,
    categoryId,
    examIds,
    students,
    chapters,
    tasksEach,
    doneShare,
  });
  await database.db.execute(sql`analyze`);
  console.log(
    `a course of ${chapters} chapters × ${tasksEach} tasks taught to 4 classes of ${students / 4} students, ` +
      `${Math.round(doneShare * 100)} % of the work done: ${data.rows} rows of work made in ` +
      `${round((performance.now() - began) / 1000)} s`,
  );
  const tokens = await Promise.all(
    data.studentIds.slice(0, 100).map((id) => createSession(database!.db, id, { ip: '127.0.0.1', userAgent: 'b' })),
  );
  const app = t.app;
  const fail = (what: string, body: unknown) => {
    throw new Error(`${what}: ${JSON.stringify(body).slice(0, 300)}`);
  };

  const home = await timed(calls, async () => {
    const answer = await call(app, '/dataset-course/home', { id: data.courseId }, { token: tokens[randomInt(100)] });
    if (answer.status !== 200) fail('home', answer.body);
  });
  // The bare read of the same rows: the student's tasks with their progress rows, sessions and attempts.
  const homeBare = await timed(calls, async () => {
    const userId = data.studentIds[randomInt(100)]!;
    await queryRows(
      database!.db,
      sql`select t.id, p.status, p.progress, s.n, a.n from course_tasks t
        join course_chapters ch on ch.id = t.chapter_id
        left join course_task_progress p on p.task_id = t.id and p.user_id = ${userId}
        left join lateral (select count(*) as n from practice_sessions x
          where t.kind = 'practice' and x.set_id = t.practice_set_id and x.user_id = ${userId}) s on true
        left join lateral (select count(*) as n from exam_attempts x
          where t.kind = 'exam' and x.exam_id = t.exam_id and x.user_id = ${userId}) a on true
        where t.course_id = ${data.courseId} order by ch.seq, t.seq`,
    );
  });
  const matrixCalls = Math.max(10, Math.round(calls / 4));
  const matrix = (filter: string, pageSize: number) =>
    timed(matrixCalls, async () => {
      const answer = await call(
        app,
        '/dataset-course/matrix',
        { course_id: data.courseId, class_id: data.classIds[0], filter, pageSize },
        { token: teacher.token },
      );
      if (answer.status !== 200) fail('matrix', answer.body);
    });
  const matrixPage = await matrix('all', 50);
  const matrixBehind = await matrix('behind', 50);
  // The bare read of a whole class's work (what the filtered matrix reads).
  const matrixBare = await timed(matrixCalls, async () => {
    await queryRows(
      database!.db,
      sql`with st as (select su.user_id from group_members gm join site_users su on su.id = gm.site_user_id
          where gm.group_id = ${data.classIds[0]})
        select p.task_id, p.user_id, p.status from course_task_progress p
          where p.course_id = ${data.courseId} and p.user_id in (select user_id from st)
        union all
        select t.id, x.user_id, null from course_tasks t join practice_sessions x on x.set_id = t.practice_set_id
          where t.course_id = ${data.courseId} and x.user_id in (select user_id from st)
        union all
        select t.id, x.user_id, x.status from course_tasks t join exam_attempts x on x.exam_id = t.exam_id
          where t.course_id = ${data.courseId} and x.user_id in (select user_id from st)`,
    );
  });

  console.log(`student course home: p50 ${home.p50} ms, p99 ${home.p99} ms (bare SQL p50 ${homeBare.p50} ms)`);
  console.log(`class matrix, page of 50: p50 ${matrixPage.p50} ms, p99 ${matrixPage.p99} ms`);
  console.log(
    `class matrix, the whole class filtered to those behind: p50 ${matrixBehind.p50} ms, p99 ${matrixBehind.p99} ms ` +
      `(bare SQL of the class's work p50 ${matrixBare.p50} ms)`,
  );
  const figures = [
    { name: 'course_home_p50_ms', value: home.p50, unit: 'ms', target: 'report' },
    { name: 'course_home_p99_ms', value: home.p99, unit: 'ms', target: `< ${TARGET_HOME_P99_MS}` },
    {
      name: 'course_home_ratio_to_sql',
      value: round(home.p50 / Math.max(homeBare.p50, 0.1), 2),
      unit: 'ratio',
      target: 'report',
    },
    { name: 'course_matrix_page_p99_ms', value: matrixPage.p99, unit: 'ms', target: `< ${TARGET_MATRIX_P99_MS}` },
    { name: 'course_matrix_behind_p50_ms', value: matrixBehind.p50, unit: 'ms', target: 'report' },
    { name: 'course_matrix_behind_p99_ms', value: matrixBehind.p99, unit: 'ms', target: 'report' },
    {
      name: 'course_matrix_behind_ratio_to_sql',
      value: round(matrixBehind.p50 / Math.max(matrixBare.p50, 0.1), 2),
      unit: 'ratio',
      target: 'report',
    },
  ];
  for (const figure of figures) console.log(`BENCH ${JSON.stringify(figure)}`);
  if (home.p99 >= TARGET_HOME_P99_MS || matrixPage.p99 >= TARGET_MATRIX_P99_MS) {
    process.exitCode = 1;
  }
} finally {
  await t?.close();
  await database?.close();
  await scratch.drop();
}
