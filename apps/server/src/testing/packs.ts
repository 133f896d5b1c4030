import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { createJobFixture, type JobFixture } from './job-fixture.ts';
import { userIdOf } from './project-wizard.ts';
import { call, type TestApp } from './test-app.ts';

/** The result written for item `seq` of a pack fixture: a box whose coordinates follow the seq, a quality field. */
export function packResult(seq: number) {
  return {
    version: 1,
    shapes: [
      { id: `s${seq}`, tool: 'box', type: 'rect', label: seq % 2 ? 'cat' : 'dog', x: seq, y: seq * 2, w: 10, h: 20 },
    ],
    fields: { quality: seq % 3 ? 'good' : 'bad' },
  };
}

/**
 * A project (template of job-fixture: tags cat/dog, a rect tool, a quality radio) with `items` record items, all
 * passed by `annotator` at the execute step with `packResult(seq)`, except: `unreadable` seqs get a result that is
 * not a result document; `open` seqs stay unclaimed (not packed). Item 1 is named `row, "one"` (CSV quoting).
 */
export async function createPackFixture(
  t: TestApp,
  siteId: number,
  options: { items: number; unreadable?: number[]; open?: number[] },
): Promise<JobFixture> {
  const fixture = await createJobFixture(t, siteId, { items: options.items, review: [] });
  const annotator = await userIdOf(t, 'annotator');
  await t.deps.db.execute(
    sql`update data_items set name = 'row, "one"' where project_id = ${fixture.projectId} and seq = 1`,
  );
  const jobs = await t.deps.db
    .select({ id: schema.jobs.id, seq: schema.dataItems.seq })
    .from(schema.jobs)
    .innerJoin(schema.dataItems, eq(schema.dataItems.id, schema.jobs.dataItemId))
    .where(and(eq(schema.jobs.projectId, fixture.projectId), eq(schema.jobs.stepId, fixture.executeStepId)));
  for (const job of jobs) {
    if (options.open?.includes(job.seq)) continue;
    const result = options.unreadable?.includes(job.seq) ? { shapes: 'broken' } : packResult(job.seq);
    await t.deps.db
      .update(schema.jobs)
      .set({ status: 'passed', result, operatorId: annotator, submittedAt: new Date() })
      .where(eq(schema.jobs.id, job.id));
  }
  return fixture;
}

/** Polls `/pack/list` until the pack reaches one of `statuses` (10 s at most); answers its row. */
export async function waitForPack(t: TestApp, token: string, projectId: number, id: number, statuses: string[]) {
  const until = Date.now() + 15_000;
  for (;;) {
    const listed = await call(t.app, '/pack/list', { project_id: projectId, pageSize: 100 }, { token });
    const row = listed.body.data?.list.find((p) => p.id === id);
    if (row && statuses.includes(row.status)) return row;
    if (Date.now() > until) throw new Error(`pack ${id} stayed ${row?.status}: ${row?.error ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Downloads a finished pack through `/pack/download` and its route; answers the zip bytes. */
export async function downloadPack(t: TestApp, token: string, id: number): Promise<Buffer> {
  const link = await call(t.app, '/pack/download', { id }, { token });
  if (!link.body.data) throw new Error(`no download: ${JSON.stringify(link.body)}`);
  const response = await t.app.inject({ method: 'GET', url: link.body.data.url, headers: { 'access-token': token } });
  if (response.statusCode !== 200) throw new Error(`download answered ${response.statusCode}`);
  return response.rawPayload;
}

export { unzipEntries } from './unzip.ts';
