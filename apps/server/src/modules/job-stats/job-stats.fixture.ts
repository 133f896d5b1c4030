import { schema } from '@app/db';
import { userIdOf } from '../../testing/project-wizard.ts';
import { createProjectFixture } from '../../testing/projects.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import type { TestApp } from '../../testing/test-app.ts';

export const DAY1 = '2026-03-02';
export const DAY2 = '2026-03-03';

/**
 * A hand-computed case in 示范学院: one batch, two execute steps (S1, S2) and an audit step (S3), two items.
 * annotator: S1 item 1 passed (fields a=x, b=y), S1 item 2 rejected, S2 item 2 in progress.
 * reviewer: S2 item 1 submitted (fields a=x, b=z, c=w): the fit of item 1 is 1 equal field of 3 compared.
 * reviewer audits (S3): passes annotator's item 1 (day 1), rejects item 2 (day 2); manager resets item 2 (day 2).
 */
export async function seedStatCase(t: TestApp) {
  const db = t.deps.db;
  const siteId = await siteIdByName(t, '示范学院');
  const f = await createProjectFixture(t, siteId, { status: 'doing' });
  const [annotator, reviewer, manager] = await Promise.all(
    ['annotator', 'reviewer', 'manager'].map((u) => userIdOf(t, u)),
  );
  const base = { siteId, projectId: f.projectId };
  const [item2] = await db
    .insert(schema.dataItems)
    .values({ ...base, batchId: f.batchId, seq: 2, kind: 'record', name: 'row 2', payload: { text: 'b' }, size: 1 })
    .returning();
  const newStep = async (name: string, type: 'execute' | 'audit', seq: number) => {
    const [step] = await db
      .insert(schema.steps)
      .values({ ...base, name, type, categoryId: f.categoryId, templateId: f.templateId, seq })
      .returning();
    const [task] = await db
      .insert(schema.tasks)
      .values({
        ...base,
        stepId: step!.id,
        batchId: f.batchId,
        name: `${name} B1`,
        startAt: new Date(Date.now() - 86_400_000),
        endAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    return { stepId: step!.id, taskId: task!.id };
  };
  const s1 = { stepId: f.stepId, taskId: f.taskId };
  const s2 = await newStep('复标', 'execute', 2);
  const s3 = await newStep('审核', 'audit', 3);
  let sort = 0;
  const job = async (
    at: { stepId: number; taskId: number },
    itemId: number,
    values: Partial<typeof schema.jobs.$inferInsert>,
  ) => {
    const [row] = await db
      .insert(schema.jobs)
      .values({ ...base, ...at, batchId: f.batchId, dataItemId: itemId, sortKey: ++sort, ...values })
      .returning();
    return row!;
  };
  const result = (fields: Record<string, string>) => ({ version: 1, shapes: [], fields, relations: [] });
  const day1 = new Date(`${DAY1}T23:30:00.000Z`);
  const day2 = new Date(`${DAY2}T08:00:00.000Z`);
  const jA1 = await job(s1, f.itemId, {
    status: 'passed',
    operatorId: annotator,
    result: result({ a: 'x', b: 'y' }),
    submittedAt: day1,
  });
  const jR1 = await job(s2, f.itemId, {
    status: 'submitted',
    operatorId: reviewer,
    result: result({ a: 'x', b: 'z', c: 'w' }),
    submittedAt: day1,
  });
  const jA2 = await job(s1, item2!.id, {
    status: 'rejected',
    operatorId: annotator,
    result: result({ a: '1' }),
    submittedAt: day2,
  });
  const jX = await job(s2, item2!.id, { status: 'in_progress', operatorId: annotator });
  const review = { subjectOperatorId: annotator, operatorId: reviewer, status: 'submitted' as const };
  const jRev1 = await job(s3, f.itemId, { ...review, subjectJobId: jA1.id, decision: 'pass' });
  const jRev2 = await job(s3, item2!.id, { ...review, subjectJobId: jA2.id, decision: 'reject' });
  const event = (j: typeof jA1, values: Partial<typeof schema.jobEvents.$inferInsert>) => ({
    ...base,
    taskId: j.taskId,
    stepId: j.stepId,
    batchId: j.batchId,
    jobId: j.id,
    action: 'submit' as const,
    ...values,
  });
  await db.insert(schema.jobEvents).values([
    event(jA1, { action: 'claim', actorId: annotator, operatorId: annotator, createdAt: day1 }),
    event(jA1, {
      actorId: annotator,
      operatorId: annotator,
      boxes: 3,
      points: 5,
      annotations: 8,
      workSeconds: 100,
      createdAt: day1,
    }),
    event(jR1, {
      actorId: reviewer,
      operatorId: reviewer,
      boxes: 1,
      points: 0,
      annotations: 1,
      workSeconds: 50,
      createdAt: day1,
    }),
    event(jRev1, {
      actorId: reviewer,
      operatorId: reviewer,
      boxes: 9,
      points: 9,
      annotations: 9,
      workSeconds: 20,
      createdAt: day1,
    }),
    event(jRev1, { action: 'pass', actorId: reviewer, operatorId: annotator, createdAt: day1 }),
    event(jA2, {
      actorId: annotator,
      operatorId: annotator,
      boxes: 2,
      points: 1,
      annotations: 3,
      workSeconds: 40,
      createdAt: day2,
    }),
    event(jRev2, { action: 'reject', actorId: reviewer, operatorId: annotator, reason: 'blurry', createdAt: day2 }),
    event(jRev2, { action: 'reset', actorId: manager, operatorId: annotator, createdAt: day2 }),
    event(jX, { action: 'claim', actorId: annotator, operatorId: annotator, createdAt: day2 }),
  ]);
  return { siteId, fixture: f, annotator, reviewer, manager, s1, s2, s3 };
}
