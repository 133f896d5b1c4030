// Pack export benchmark: `npm run bench -- export [--jobs 100000] [--shapes 2] [--format coco]`. On a fresh database
// of the PostgreSQL server of DATABASE_URL (default: the local test server), a project of N passed jobs (each with
// `--shapes` labelled boxes and a field); the pack worker (`runPack`, the pg-boss job's body) runs alone in a child
// process (bench/support/export-worker.ts) and writes the format into a zip. Prints annotations/s (shapes written
// per second, zip included) and the worker process's peak resident memory sampled every 20 ms, against the targets
// >= 20,000 annotations/s and < 300 MB.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openDatabase, schema } from '@app/db';
import type { PackFormat } from '@app/db/schema/index.ts';
import { eq, sql } from 'drizzle-orm';
import { packFormat } from '../apps/server/src/modules/packs/formats/index.ts';
import { createJobFixture } from '../apps/server/src/testing/job-fixture.ts';
import { userIdOf } from '../apps/server/src/testing/project-wizard.ts';
import { siteIdByName } from '../apps/server/src/testing/sessions.ts';
import { createTestApp, type TestApp } from '../apps/server/src/testing/test-app.ts';
import { createScratchDatabase } from './support/scratch-database.ts';

const TARGET_PER_SECOND = 20_000;
const TARGET_MB = 300;

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    shapes: { type: 'string', default: '2' },
    format: { type: 'string', default: 'coco' },
  },
  allowPositionals: false,
});
const jobCount = Number(values.jobs);
const shapes = Number(values.shapes);
if (!Number.isInteger(jobCount) || jobCount < 1 || jobCount > 1_000_000) throw new Error('--jobs must be 1 to 1000000');
if (!Number.isInteger(shapes) || shapes < 1 || shapes > 50) throw new Error('--shapes must be 1 to 50');
let format = values.format as PackFormat;
if (!packFormat(format)) {
  console.log(`format ${format} is not registered: measuring jsonl instead`);
  format = 'jsonl';
}

const scratch = await createScratchDatabase('bench_export');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
let database: Database | null = null;
let t: TestApp | null = null;
try {
  database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 5 });
  t = await createTestApp({ DATA_DIR: dataDir }, database);
  console.log(`database: ${scratch.label}`);
  const siteId = await siteIdByName(t, '示范学院');
  const setupStarted = performance.now();
  const fixture = await createJobFixture(t, siteId, { items: jobCount, review: [] });
  const annotator = await userIdOf(t, 'annotator');
  // Image items (COCO, YOLO and VOC write images only); no files: sizes are unknown (0) and no media is packed.
  await database.db.execute(
    sql`update data_items set kind = 'image', name = 'img_' || seq || '.jpg' where project_id = ${fixture.projectId}`,
  );
  const shapeSql = Array.from(
    { length: shapes },
    (_, i) =>
      `jsonb_build_object('id', 's${i}', 'tool', 'box', 'type', 'rect', 'label', case when (id + ${i}) % 2 = 0 then 'cat' else 'dog' end, 'x', (id % 500) + ${i * 10}, 'y', (id % 300) + ${i * 5}, 'w', 40, 'h', 30)`,
  ).join(', ');
  await database.db.execute(
    sql.raw(`update jobs set status = 'passed', operator_id = ${annotator}, submitted_at = now(),
      result = jsonb_build_object('version', 1, 'shapes', jsonb_build_array(${shapeSql}),
        'fields', jsonb_build_object('quality', case when id % 3 = 0 then 'bad' else 'good' end))
      where project_id = ${fixture.projectId} and step_id = ${fixture.executeStepId}`),
  );
  await database.db.execute(sql`vacuum analyze jobs`);
  console.log(
    `${jobCount} passed jobs with ${shapes} boxes each made in ${Math.round((performance.now() - setupStarted) / 1000)} s; format ${format}`,
  );
  const [pack] = await database.db
    .insert(schema.packs)
    .values({ siteId, projectId: fixture.projectId, stepId: fixture.executeStepId, format, status: 'queued' })
    .returning({ id: schema.packs.id });

  // The worker runs in a child process, so its memory is measured without this process's app and fixtures.
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'support', 'export-worker.ts'),
      scratch.url,
      dataDir,
      String(pack!.id),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (child.status !== 0) throw new Error(`the worker process ended with ${child.status}`);
  const measured = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
    seconds: number;
    before: number;
    peak: number;
  };
  const { seconds, before: baseline, peak } = measured;

  const [row] = await database.db.select().from(schema.packs).where(eq(schema.packs.id, pack!.id));
  if (row?.status !== 'succeeded') throw new Error(`the pack ended ${row?.status}: ${row?.error}`);
  const annotations = row.successCount * shapes;
  const perSecond = Math.round(annotations / seconds);
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  console.log(
    `packed ${row.successCount} jobs (${annotations} annotations) in ${seconds.toFixed(1)} s: ${perSecond} annotations/s ` +
      `(target >= ${TARGET_PER_SECOND}); zip ${mb(row.fileBytes ?? 0)} MB`,
  );
  console.log(`worker peak RSS ${mb(peak)} MB (before the pack ${mb(baseline)} MB; target < ${TARGET_MB} MB)`);
  const figures = [
    {
      name: `export_${format}_annotations_per_second`,
      value: perSecond,
      unit: 'annotations/s',
      target: `>= ${TARGET_PER_SECOND}`,
    },
    { name: `export_${format}_peak_rss_mb`, value: mb(peak), unit: 'MB', target: `< ${TARGET_MB}` },
    { name: `export_${format}_rss_growth_mb`, value: mb(peak - baseline), unit: 'MB', target: 'report' },
    { name: `export_${format}_zip_mb`, value: mb(row.fileBytes ?? 0), unit: 'MB', target: 'report' },
  ];
  for (const figure of figures) console.log(`BENCH ${JSON.stringify(figure)}`);
  if (perSecond < TARGET_PER_SECOND || mb(peak) >= TARGET_MB) process.exitCode = 1;
} finally {
  await t?.close();
  await database?.close();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
