// Member import benchmark: `npm run bench -- import-users [--rows 10000]`. Builds an xlsx of N people, then imports it
// through `/user/import` on the real app in this process (in-memory PGlite, or a fresh database on the PostgreSQL
// server of TEST_DATABASE_URL). Prints rows/s and the peak resident memory, sampled every 50 ms.
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { sessionFor } from '../apps/server/src/testing/sessions.ts';
import { call, createTestApp } from '../apps/server/src/testing/test-app.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' } }, allowPositionals: false });
const rows = Number(values.rows);
if (!Number.isInteger(rows) || rows < 1 || rows > 10_000) throw new Error('--rows must be 1 to 10000');

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

async function buildFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('members');
  sheet.addRow(['username', 'nickname', 'email', 'mobile', 'password', 'roles']);
  for (let i = 1; i <= rows; i++) {
    sheet.addRow([`bench_${i}`, `Bench ${i}`, `bench${i}@example.com`, '13800000000', `Pass${i}word`, 'role_student']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const t = await createTestApp();
try {
  const file = await buildFile();
  const token = await sessionFor(t, 'manager');
  const baseRss = process.memoryUsage().rss;
  peakRss = baseRss;
  const started = performance.now();
  const result = await call(
    t.app,
    '/user/import',
    { file_name: 'bench.xlsx', content: file.toString('base64') },
    { token },
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (result.status !== 200) throw new Error(`import failed: ${JSON.stringify(result.body).slice(0, 500)}`);
  const { success, failures } = result.body.data as { success: number; failures: unknown[] };
  const rowsPerSecond = Math.round(success / seconds);
  console.log(`database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (memory)'}`);
  console.log(`file: ${rows} rows, ${Math.round(file.length / 1024)} KB xlsx`);
  console.log(`imported ${success} (failed ${failures.length}) in ${seconds.toFixed(1)} s: ${rowsPerSecond} rows/s`);
  console.log(`peak RSS ${mb(peakRss)} MB (${mb(baseRss)} MB before the import)`);
  const figures = [
    { name: 'import_rows_per_second', value: rowsPerSecond, unit: 'rows/s', target: 'report' },
    { name: 'import_seconds', value: Math.round(seconds * 10) / 10, unit: 's', target: 'report' },
    { name: 'import_peak_rss_mb', value: mb(peakRss), unit: 'MB', target: 'report' },
    { name: 'import_rows_created', value: success, unit: 'rows', target: `${rows}` },
  ];
  for (const figure of figures) console.log(`BENCH ${JSON.stringify(figure)}`);
  if (success !== rows) process.exitCode = 1;
} finally {
  clearInterval(sampler);
  await t.close();
}
