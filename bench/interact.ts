// Interactive answering benchmark: `npm run bench -- interact [--students 2000] [--spread 5]`.
// Two instances of the real app share a fresh PostgreSQL database (TEST_DATABASE_URL, else DATABASE_URL, else the
// local test server) and Redis (TEST_REDIS_URL, else REDIS_URL, else the local one, a random database number).
// N students of one class hold a websocket each, half on each instance; the teacher's socket is on the second.
// The teacher sends a question through the first instance: send → shown is the time until each student's socket
// receives it (target p99 < 500 ms; for scale, the same sockets reached by a bare hub broadcast). Then every student
// answers at a random moment within `spread` seconds, through the instance their socket is on: the answers accepted
// per second, and answer → count updated, the time until the teacher's page shows a count that includes the answer
// (the `interact_live` push carries it; target p99 < 1 s). Every answer must be stored exactly once (0 lost).
import { randomBytes, randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type Database, openDatabase, queryRows, schema } from '@app/db';
import { sql } from 'drizzle-orm';
import { sessionFor, siteIdByName } from '../apps/server/src/testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../apps/server/src/testing/test-app.ts';
import { listenForSockets, openSocket, type WsClient } from '../apps/server/src/testing/ws-client.ts';
import { round, summary } from './support/figures.ts';
import { createScratchDatabase } from './support/scratch-database.ts';
import { insertStudents } from './support/students.ts';

const TARGET_PUSH_P99_MS = 500;
const TARGET_COUNT_P99_MS = 1000;

const { values } = parseArgs({
  options: { students: { type: 'string', default: '2000' }, spread: { type: 'string', default: '5' } },
  allowPositionals: false,
});
const students = Number(values.students);
const spreadMs = Number(values.spread) * 1000;
if (!Number.isInteger(students) || students < 2 || students > 10_000) throw new Error('--students: 2 to 10000');
if (!Number.isFinite(spreadMs) || spreadMs < 0 || spreadMs > 60_000) throw new Error('--spread: 0 to 60 seconds');

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
redisUrl.pathname = `/${randomInt(1, 16)}`;

/** N students of the organisation in one new class, with a session each. */
async function makeClass(db: Database['db'], siteId: number, n: number) {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const [group] = await db
    .insert(schema.groups)
    .values({ siteId, kind: 'class', name: `bench ${tag}`, joinCode: tag })
    .returning({ id: schema.groups.id });
  const people = await insertStudents(db, siteId, n);
  for (let from = 0; from < people.length; from += 500) {
    await db
      .insert(schema.groupMembers)
      .values(
        people
          .slice(from, from + 500)
          .map((p) => ({ groupId: group!.id, siteUserId: p.siteUserId, kind: 'class' as const })),
      );
  }
  return { classId: group!.id, people };
}

/** Calls a procedure that must succeed; answers its data (the bench reads a few fields of it). */
async function ok(app: TestApp['app'], path: string, body: Record<string, unknown>, token: string): Promise<any> {
  const result = await call(app, path as never, body, { token });
  if (result.status !== 200) throw new Error(`${path}: ${JSON.stringify(result.body)}`);
  return result.body.data;
}

const scratch = await createScratchDatabase('bench_interact');
let database: Database | null = null;
const instances: TestApp[] = [];
const sockets: WsClient[] = [];
try {
  // The two instances share this one pool here; in production each has its own (20 by default).
  database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 40 });
  const env = { REDIS_URL: redisUrl.toString(), RATE_LIMIT: 'off' };
  for (let i = 0; i < 2; i++) instances.push(await createTestApp(env, database));
  const [a, b] = instances as [TestApp, TestApp];
  const urls = [await listenForSockets(a.app), await listenForSockets(b.app)];
  await Promise.all(instances.map((instance) => instance.deps.hub.ready()));
  const siteId = await siteIdByName(a, '示范学院');
  const teacher = await sessionFor(a, 'teacher');
  const { classId, people } = await makeClass(database.db, siteId, students);

  // The course, its question (the teacher's own) and an interaction, started for the class.
  const course = await ok(a.app, '/dataset-course/create', { name: 'Bench course', starts_on: null }, teacher);
  const weeks = await ok(
    a.app,
    '/dataset-course/chapter-add-weeks',
    { course_id: course.id, count: 1, title_pattern: 'Week {n}' },
    teacher,
  );
  await ok(a.app, '/dataset-course/classes-set', { id: course.id, group_ids: [classId] }, teacher);
  await ok(
    a.app,
    '/dataset-course/task-save',
    {
      chapter_id: weeks.chapters[0].id,
      kind: 'material',
      title: 'Read',
      material: { type: 'link', url: 'https://example.com' },
    },
    teacher,
  );
  await ok(a.app, '/dataset-course/online', { id: course.id }, teacher);
  const [category] = await database.db
    .insert(schema.questionCategories)
    .values({ siteId, name: 'Bench', reviewStatus: 'passed' })
    .returning({ id: schema.questionCategories.id });
  const question = await ok(
    a.app,
    '/dataset-data/create',
    {
      category_id: category!.id,
      type: 'single',
      stem: '<p>Which city is the capital of France?</p>',
      options: [
        { content: 'Paris', correct: true },
        { content: 'Rome', correct: false },
        { content: 'Berlin', correct: false },
        { content: 'Madrid', correct: false },
      ],
    },
    teacher,
  );
  const interaction = await ok(
    a.app,
    '/course-interact/create',
    {
      course_id: course.id,
      title: 'Bench quiz',
      items: [{ question_id: question.question.id, seconds: 0, points: 100 }],
      settings: { anonymous: false, show_answer: true, leaderboard: true, speed_points: true, allow_change: false },
    },
    teacher,
  );
  const run = await ok(a.app, '/course-interact/start', { id: interaction.id, class_ids: [classId] }, teacher);
  await database.db.execute(sql`analyze`);

  // Every student's socket, half on each instance, attached (a heartbeat answered); the teacher's on B.
  for (let from = 0; from < people.length; from += 200) {
    const batch = people.slice(from, from + 200);
    sockets.push(
      ...(await Promise.all(
        batch.map(async (person, i) => {
          const client = await openSocket(urls[(from + i) % 2]!, { token: person.token });
          await client.heartbeat();
          return client;
        }),
      )),
    );
  }
  const teacherSocket = await openSocket(urls[1]!, { token: teacher });
  await teacherSocket.heartbeat();
  console.log(`database: ${scratch.label}; Redis ${redisUrl.host} db ${redisUrl.pathname.slice(1)}`);
  console.log(`${students} students of one class, a websocket each over two instances (${students / 2} each)`);

  /** Waits until every socket holds a message matching `is` (or `timeoutMs`); answers each one's arrival time. */
  const arrivals = (is: (m: any) => boolean, timeoutMs = 10_000) =>
    Promise.all(
      sockets.map(
        (client) =>
          new Promise<number | null>((resolve) => {
            const timer = setTimeout(() => resolve(null), timeoutMs);
            client.socket.on('message', (data) => {
              if (is(JSON.parse(data.toString()))) {
                clearTimeout(timer);
                resolve(performance.now());
              }
            });
          }),
      ),
    );

  // For scale: a bare broadcast of the hub to the same users (one bus event), no database.
  const bareSeen = arrivals((m) => m?.data?.action === 'bench_bare');
  const bareAt = performance.now();
  await a.deps.hub.publishToUsers(
    people.map((p) => p.userId),
    { data: { action: 'bench_bare' } },
  );
  const bare = summary((await bareSeen).flatMap((at) => (at === null ? [] : [at - bareAt])));

  // The teacher sends the question on A.
  const shown = arrivals((m) => m?.data?.action === 'interact' && m.data.event === 'question');
  const sentAt = performance.now();
  await ok(a.app, '/course-interact/send', { run_id: run.run_id, index: 0 }, teacher);
  const seen = await shown;
  const pushTimes = seen.flatMap((at) => (at === null ? [] : [at - sentAt]));
  const push = summary(pushTimes);
  const missed = seen.filter((at) => at === null).length;

  // The teacher's page shows the count each push carries; each push's arrival and count are kept.
  const reads: { at: number; answered: number }[] = [];
  teacherSocket.socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message?.data?.action === 'interact_live')
      reads.push({ at: performance.now(), answered: message.data.answered });
  });

  // Every student answers within the spread, through the instance their socket is on.
  const accepted: number[] = [];
  const errors = new Map<string, number>();
  const answeringFrom = performance.now();
  await Promise.all(
    people.map(async (person, i) => {
      await new Promise((resolve) => setTimeout(resolve, randomInt(spreadMs + 1)));
      const result = await call(
        instances[i % 2]!.app,
        '/course-interact/answer',
        { run_id: run.run_id, index: 0, chosen: [randomInt(4)] },
        { token: person.token },
      );
      if (result.status === 200) accepted.push(performance.now());
      else {
        const code = String(result.body.error);
        errors.set(code, (errors.get(code) ?? 0) + 1);
      }
    }),
  );
  const answeringSeconds = (performance.now() - answeringFrom) / 1000;
  // The last answers' count reaches the teacher within a push period or two.
  const settleBy = performance.now() + 5000;
  while ((reads.at(-1)?.answered ?? 0) < accepted.length && performance.now() < settleBy) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  accepted.sort((x, y) => x - y);
  const countTimes = accepted.flatMap((at, k) => {
    // The first push counting k + 1 answers; one that arrived before this answer's reply counted it already (0).
    const read = reads.find((r) => r.answered >= k + 1);
    return read ? [Math.max(0, read.at - at)] : [];
  });
  const count = summary(countTimes);
  const [stored] = await queryRows<{ n: number; distinct_users: number }>(
    database.db,
    sql`select count(*)::int as n, count(distinct user_id)::int as distinct_users from interaction_answers
      where run_id = ${run.run_id}`,
  );
  const lost = accepted.length - Number(stored?.n ?? 0);

  console.log(
    `send → shown: p50 ${push.p50} ms, p99 ${push.p99} ms over ${pushTimes.length} sockets (${missed} missed); ` +
      `a bare hub broadcast to the same sockets p50 ${bare.p50} ms, p99 ${bare.p99} ms`,
  );
  console.log(
    `answers: ${accepted.length} accepted of ${students} in ${round(answeringSeconds, 2)} s ` +
      `(${round(accepted.length / answeringSeconds)} /s), stored ${stored?.n} (${stored?.distinct_users} students), ` +
      `lost ${lost}`,
  );
  for (const [code, n] of errors) console.log(`  ${n} × ${code}`);
  console.log(
    `answer → teacher's count: p50 ${count.p50} ms, p99 ${count.p99} ms (${countTimes.length} answers, ` +
      `${reads.length} count pushes)`,
  );
  const figures = [
    { name: 'interact.push_p50_ms', value: push.p50, unit: 'ms', target: 'lower is better' },
    { name: 'interact.push_p99_ms', value: push.p99, unit: 'ms', target: `< ${TARGET_PUSH_P99_MS}` },
    {
      name: 'interact.push_p99_vs_bare_broadcast',
      value: bare.p99 > 0 ? round(push.p99 / bare.p99, 2) : 0,
      unit: 'ratio',
      target: 'lower is better',
    },
    { name: 'interact.push_missed', value: missed, unit: 'sockets', target: '0' },
    {
      name: 'interact.answers_per_s',
      value: round(accepted.length / answeringSeconds),
      unit: '/s',
      target: 'higher is better',
    },
    { name: 'interact.count_p99_ms', value: count.p99, unit: 'ms', target: `< ${TARGET_COUNT_P99_MS}` },
    { name: 'interact.lost_answers', value: lost + (students - accepted.length), unit: 'answers', target: '0' },
  ];
  for (const figure of figures) console.log(`BENCH ${JSON.stringify(figure)}`);
} finally {
  await Promise.all(sockets.map((client) => client.close().catch(() => undefined)));
  for (const instance of instances) await instance.close().catch(() => undefined);
  await database?.close();
  await scratch.drop();
}
