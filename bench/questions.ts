// Question bank benchmark: `npm run bench -- questions [--questions 100000] [--calls 200]`. On a fresh database of the
// PostgreSQL server of DATABASE_URL (default: the local test server), the real app with N questions spread over a
// category tree (random stems from a vocabulary, every type, difficulty and review status). The content manager calls
// `/dataset-data/list` through the app (routing, session, validation, query, search record) in five ways: a category
// filter with descendants, a review-status filter, a keyword search, a keyword with filters, and a deep page. Prints
// p50/p99 per way, the p99 over all calls against the 100 ms target, and the same list query's bare SQL p99
// (ratio app / bare).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type Database, openDatabase, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { sessionFor, siteIdByName } from '../apps/server/src/testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../apps/server/src/testing/test-app.ts';
import { percentile, round } from './support/figures.ts';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_P99_MS = 100;

const { values } = parseArgs({
  options: { questions: { type: 'string', default: '100000' }, calls: { type: 'string', default: '200' } },
  allowPositionals: false,
});
const questionCount = Number(values.questions);
const calls = Number(values.calls);
if (!Number.isInteger(questionCount) || questionCount < 1000 || questionCount > 2_000_000)
  throw new Error('--questions must be 1000 to 2000000');
if (!Number.isInteger(calls) || calls < 10 || calls > 100_000) throw new Error('--calls must be 10 to 100000');

const CHARS =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多' +
  '定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由' +
  '其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意' +
  '建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接';
const SYLLABLES = [
  'ba',
  'ko',
  'ri',
  'den',
  'lu',
  'mar',
  'tes',
  'vi',
  'gon',
  'pel',
  'sa',
  'tor',
  'qua',
  'nix',
  'fe',
  'zu',
];

/** 2,500 two-character Chinese words and 500 English ones; stems draw them Zipf-like (early words are common). */
function vocabulary(): string[] {
  const words = new Set<string>();
  for (let i = 0; words.size < 2500; i++)
    words.add(CHARS[i % CHARS.length]! + CHARS[(i * 7 + Math.floor(i / CHARS.length)) % CHARS.length]!);
  for (let i = 0; words.size < 3000; i++)
    words.add(SYLLABLES[i % 16]! + SYLLABLES[Math.floor(i / 16) % 16]! + SYLLABLES[Math.floor(i / 256) % 16]!);
  // Interleave the two kinds so both appear among the common words.
  const list = [...words];
  return list.map((_, k) => (k % 6 === 5 ? list[2500 + Math.floor(k / 6)]! : list[k - Math.floor(k / 6)]!));
}
const WORDS = vocabulary();

/** 8 top categories with 5 children each; questions go round-robin over the 40 leaves. */
async function fillBank(db: Database['db'], siteId: number, authorId: number): Promise<number[]> {
  const tops = await queryRows<{ id: number }>(
    db,
    sql`insert into question_categories (site_id, name, review_status, sort)
      select ${siteId}, 'bench top ' || g, 'passed', g from generate_series(1, 8) g returning id`,
  );
  const leaves: number[] = [];
  for (const top of tops) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`insert into question_categories (site_id, parent_id, name, review_status, sort)
        select ${siteId}, ${top.id}, 'bench leaf ' || g, 'passed', g from generate_series(1, 5) g returning id`,
    );
    leaves.push(...rows.map((r) => r.id));
  }
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const chunk = 20_000;
  for (let start = 0; start < questionCount; start += chunk) {
    const end = Math.min(questionCount, start + chunk);
    await db.execute(sql`
      with leaves as (select ${sql.raw(`array[${leaves.join(',')}]::bigint[]`)} as ids),
      made as (
        select g,
          (select string_agg((${sql.raw(words)})[1 + floor(power(random(), 2) * ${WORDS.length}::int)::int], ' ')
             from generate_series(1, 8 + (g % 7)) w where g > 0) || ' #' || g as stem
        from generate_series(${start + 1}::int, ${end}::int) g
      )
      insert into questions (site_id, category_id, type, stem, stem_text, options, difficulty, review_status,
        answer_count, correct_count, created_by, updated_by)
      select ${siteId}::bigint, (select ids[1 + (g % array_length(ids, 1))] from leaves),
        (array['single','multiple','judge'])[1 + g % 3], '<p>' || stem || '</p>', stem,
        '[{"content":"<p>A</p>","correct":true},{"content":"<p>B</p>","correct":false},{"content":"<p>C</p>","correct":true}]'::jsonb,
        (array['easy','medium','hard'])[1 + (g / 3) % 3],
        (array['passed','passed','passed','unreviewed','failed'])[1 + g % 5],
        g % 50, g % 37, ${authorId}::bigint, ${authorId}::bigint
      from made`);
  }
  // A steady-state table: autovacuum has set the visibility map and the statistics.
  await db.execute(sql`vacuum analyze questions`);
  await db.execute(sql`vacuum analyze question_categories`);
  return tops.map((t) => Number(t.id));
}

interface Way {
  name: string;
  input: (i: number) => Record<string, unknown>;
}

async function time(label: string, run: (i: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < Math.min(10, calls); i++) await run(i); // warm-up
  for (let i = 0; i < calls; i++) {
    const before = performance.now();
    await run(i);
    latencies.push(performance.now() - before);
  }
  latencies.sort((a, b) => a - b);
  console.log(`${label}: p50 ${round(percentile(latencies, 50))} ms, p99 ${round(percentile(latencies, 99))} ms`);
  return latencies;
}

async function main() {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  let database: Database | undefined;
  let t: TestApp | undefined;
  try {
    database = await openDatabase({ url: url.toString(), dataDir: '' });
    t = await createTestApp({}, database);
    const siteId = await siteIdByName(t, '示范学院');
    const [author] = await queryRows<{ id: number }>(database.db, sql`select id from users where username = 'teacher'`);
    const filling = performance.now();
    const tops = await fillBank(database.db, siteId, author!.id);
    console.log(`${questionCount} questions made in ${round((performance.now() - filling) / 1000)} s (${url.host})`);
    const token = await sessionFor(t, 'contentmgr');
    const app = t.app;
    const ways: Way[] = [
      { name: 'category (with descendants)', input: (i) => ({ category_id: tops[i % tops.length] }) },
      {
        name: 'review status passed, type',
        input: (i) => ({ review_status: 'passed', type: ['single', 'judge'][i % 2] }),
      },
      { name: 'keyword', input: (i) => ({ keyword: WORDS[(i * 37) % WORDS.length] }) },
      {
        name: 'keyword + category + status',
        input: (i) => ({
          keyword: WORDS[(i * 7) % WORDS.length],
          category_id: tops[i % tops.length],
          review_status: 'passed',
        }),
      },
      { name: 'deep page (page 200 of 20)', input: () => ({ page: 200, pageSize: 20 }) },
    ];
    const all: number[] = [];
    for (const way of ways) {
      const latencies = await time(`/dataset-data/list, ${way.name}`, async (i) => {
        const result = await call(app, '/dataset-data/list', way.input(i), { token });
        if (result.status !== 200) throw new Error(`list answered ${result.status}: ${JSON.stringify(result.body)}`);
      });
      all.push(...latencies);
    }
    all.sort((a, b) => a - b);
    const p99 = round(percentile(all, 99));
    const bare = await time('bare SQL: keyword page + count', async (i) => {
      const keyword = WORDS[(i * 37) % WORDS.length]!;
      const match = sql`site_id = ${siteId} and stem_text ilike ${`%${keyword}%`}
        and search_grams @> question_grams(${keyword})`;
      await queryRows(
        database!.db,
        sql`select id, stem_text from questions where ${match} order by updated_at desc, id desc limit 10`,
      );
      await queryRows(database!.db, sql`select count(*) from questions where ${match}`);
    });
    const bareP99 = round(percentile(bare, 99));
    console.log(
      `all list calls: p50 ${round(percentile(all, 50))} ms, p99 ${p99} ms (target < ${TARGET_P99_MS} ms: ` +
        `${p99 < TARGET_P99_MS ? 'met' : 'NOT met'}); p99 ratio app / bare keyword SQL ${round(p99 / bareP99, 2)}`,
    );
    console.log(`BENCH ${JSON.stringify({ name: 'list p99', value: p99, unit: 'ms', target: `< ${TARGET_P99_MS}` })}`);
  } finally {
    await t?.close();
    await database?.close();
    const cleanup = new pg.Client({ connectionString: SERVER_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

await main();
