// Exam start benchmark: `npm run bench -- exam-start [--candidates 2000] [--spread 10] [--answers 20] [--pool 50]`.
// On a fresh database of the PostgreSQL server of TEST_DATABASE_URL (else DATABASE_URL, default: the local test
// server), the real app with a published random exam (blueprint of 20 questions over 500 passed questions, questions
// and options shuffled) and N student candidates with sessions. Each candidate arrives at a random moment within
// `spread` seconds and goes through the app (routing, session, validation, handler) like the answer page does:
// `/dataset-examine/start` and `/dataset-examine/attempt` (the frozen paper), then saves `answers` answers.
// Then (phase 2) every candidate saves at once, one answer after the other: the server's save throughput.
// Prints start p50/p99 (target p99 < 1 s), attempt-load p50/p99, answer-save p50/p99 and throughput, and errors
// (target 0), and checks that every candidate holds exactly one attempt with all its answers.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type Database, openDatabase, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { blueprintOf, examCategory, examQuestions, insertExam } from '../apps/server/src/testing/exams.ts';
import { siteIdByName } from '../apps/server/src/testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../apps/server/src/testing/test-app.ts';
import { percentile, round } from './support/figures.ts';
import { createScratchDatabase } from './support/scratch-database.ts';
import { insertStudents } from './support/students.ts';

const TARGET_START_P99_MS = 1000;

const { values } = parseArgs({
  options: {
    candidates: { type: 'string', default: '2000' },
    spread: { type: 'string', default: '10' },
    answers: { type: 'string', default: '20' },
    pool: { type: 'string', default: '50' },
  },
  allowPositionals: false,
});
const candidates = Number(values.candidates);
const spreadMs = Number(values.spread) * 1000;
const answersEach = Number(values.answers);
const poolSize = Number(values.pool);
if (!Number.isInteger(candidates) || candidates < 1 || candidates > 20_000) throw new Error('--candidates: 1 to 20000');
if (!Number.isFinite(spreadMs) || spreadMs < 0 || spreadMs > 600_000) throw new Error('--spread: 0 to 600 seconds');
if (!Number.isInteger(answersEach) || answersEach < 0 || answersEach > 20) throw new Error('--answers: 0 to 20');
if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 500) throw new Error('--pool: 1 to 500');

const sortedCopy = (values: number[]) => [...values].sort((a, b) => a - b);

const scratch = await createScratchDatabase('bench_exam');
let database: Database | null = null;
let t: TestApp | null = null;
try {
  database = await openDatabase({ url: scratch.url, dataDir: '', poolSize });
  t = await createTestApp({ EXAM_SWEEP_MS: '5000' }, database);
  // As in production: handlers' answers are not checked against the contract (tests do that).
  t.deps.validateOutput = false;
  const siteId = await siteIdByName(t, '示范学院');
  const categoryId = await examCategory(t, siteId);
  await examQuestions(t, siteId, categoryId, 300);
  await examQuestions(t, siteId, categoryId, 100, { type: 'multiple' });
  await examQuestions(t, siteId, categoryId, 100, { type: 'judge' });
  const examId = await insertExam(t, siteId, {
    paperMode: 'random',
    blueprint: blueprintOf({ total: 20, typeRatios: { single: 2, multiple: 1, judge: 1 }, categoryIds: [categoryId] }),
    shuffleQuestions: true,
    shuffleOptions: true,
    partialCredit: true,
  });
  const tokens = (await insertStudents(t.deps.db, siteId, candidates)).map((student) => student.token);
  await database.db.execute(sql`analyze`);
  console.log(`database: ${scratch.label}, pool of ${poolSize}`);
  console.log(
    `${candidates} candidates start one random exam (20 of 500 questions, shuffled) within ${spreadMs / 1000} s, ` +
      `each then loads the paper and saves ${answersEach} answers`,
  );

  const app = t.app;
  const starts: number[] = [];
  const loads: number[] = [];
  const saves: number[] = [];
  const errors = new Map<string, number>();
  const fail = (what: string, body: unknown) => {
    const key = `${what}: ${JSON.stringify(body).slice(0, 120)}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  };
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  // Phase 1: every candidate arrives within the spread, starts and loads the frozen paper.
  const papers = await Promise.all(
    tokens.map(async (token) => {
      await new Promise((resolve) => setTimeout(resolve, randomInt(spreadMs + 1)));
      let at = performance.now();
      const started = await call(app, '/dataset-examine/start', { exam_id: examId }, { token });
      starts.push(performance.now() - at);
      if (started.status !== 200) return fail('start', started.body);
      const attemptId = started.body.data.attempt_id as number;
      at = performance.now();
      const paper = await call(app, '/dataset-examine/attempt', { attempt_id: attemptId }, { token });
      loads.push(performance.now() - at);
      if (paper.status !== 200) return fail('attempt', paper.body);
      return { token, attemptId, questions: paper.body.data.questions as { id: number; options: { key: number }[] }[] };
    }),
  );
  const startSeconds = (performance.now() - began) / 1000;
  const startCpu = process.cpuUsage(cpuBefore);
  const startCpuSeconds = (startCpu.user + startCpu.system) / 1e6;
  // Phase 2: all candidates save their answers at once, one by one each (the load a class puts on the server).
  const firstSave = performance.now();
  await Promise.all(
    papers.map(async (paper) => {
      if (!paper) return;
      for (let i = 0; i < answersEach && i < paper.questions.length; i++) {
        const q = paper.questions[i]!;
        const at = performance.now();
        const saved = await call(
          app,
          '/dataset-examine/answer',
          { attempt_id: paper.attemptId, question_id: q.id, chosen: [q.options[0]!.key], client_seq: i + 1 },
          { token: paper.token },
        );
        saves.push(performance.now() - at);
        if (saved.status !== 200 || !saved.body.data.saved) fail('answer', saved.body);
      }
    }),
  );
  const lastSave = performance.now();
  const totalSeconds = (performance.now() - began) / 1000;
  const saveSeconds = (lastSave - firstSave) / 1000;
  const s = sortedCopy(starts);
  const l = sortedCopy(loads);
  const a = sortedCopy(saves);
  const errorCount = [...errors.values()].reduce((n, v) => n + v, 0);
  const [check] = await queryRows<{ attempts: number; users: number; answers: number }>(
    database.db,
    sql`select count(*)::int as attempts, count(distinct user_id)::int as users,
        (select count(*)::int from exam_answers x join exam_attempts y on y.id = x.attempt_id where y.exam_id = ${examId}) as answers
        from exam_attempts where exam_id = ${examId}`,
  );
  const throughput = Math.round(saves.length / Math.max(saveSeconds, 0.001));
  console.log(
    `start: ${starts.length} calls, p50 ${round(percentile(s, 50))} ms, p99 ${round(percentile(s, 99))} ms, ` +
      `max ${round(s.at(-1) ?? 0)} ms`,
  );
  console.log(
    `phase 1 (starts and paper loads): ${round(startSeconds)} s, this process used ${round(startCpuSeconds)} s of CPU ` +
      `(server and simulated clients)`,
  );
  console.log(`paper load: p50 ${round(percentile(l, 50))} ms, p99 ${round(percentile(l, 99))} ms`);
  console.log(
    `answer saves: ${saves.length} in ${round(saveSeconds)} s = ${throughput} saves/s, ` +
      `p50 ${round(percentile(a, 50))} ms, p99 ${round(percentile(a, 99))} ms`,
  );
  console.log(
    `starts and paper loads took ${round(startSeconds)} s, whole run ${round(totalSeconds)} s; errors ${errorCount}`,
  );
  for (const [key, n] of errors) console.log(`  ${n} × ${key}`);
  console.log(
    `database: ${check?.attempts} attempts of ${check?.users} candidates, ${check?.answers} answers ` +
      `(expected ${candidates} and ${candidates * answersEach})`,
  );
  const consistent =
    check?.attempts === candidates && check?.users === candidates && check?.answers === candidates * answersEach;
  const figures = [
    { name: 'exam_start_p50_ms', value: round(percentile(s, 50)), unit: 'ms', target: 'report' },
    { name: 'exam_start_p99_ms', value: round(percentile(s, 99)), unit: 'ms', target: `< ${TARGET_START_P99_MS}` },
    { name: 'exam_attempt_load_p99_ms', value: round(percentile(l, 99)), unit: 'ms', target: 'report' },
    { name: 'exam_answer_save_p50_ms', value: round(percentile(a, 50)), unit: 'ms', target: 'report' },
    { name: 'exam_answer_save_p99_ms', value: round(percentile(a, 99)), unit: 'ms', target: 'report' },
    { name: 'exam_answer_saves_per_second', value: throughput, unit: 'saves/s', target: 'report' },
    { name: 'exam_errors', value: errorCount, unit: 'errors', target: '0' },
    { name: 'exam_one_attempt_each_all_answers', value: consistent ? 1 : 0, unit: 'bool', target: '1' },
  ];
  for (const figure of figures) console.log(`BENCH ${JSON.stringify(figure)}`);
  if (errorCount > 0 || percentile(s, 99) >= TARGET_START_P99_MS || !consistent) process.exitCode = 1;
} finally {
  await t?.close();
  await database?.close();
  await scratch.drop();
}
