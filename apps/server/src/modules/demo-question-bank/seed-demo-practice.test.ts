import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_CDKEY_BATCH, DEMO_LOCKED_SET, DEMO_OPEN_SET, seedDemoPractice } from './seed-demo-practice.ts';
import { seedDemoQuestionBank } from './seed-demo-question-bank.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoQuestionBank(t.deps.db, t.deps.storage);
});
afterAll(() => t.close());

describe('the demo practice', () => {
  it('offers an open set and a locked one that a demo code unlocks', async () => {
    const student = await sessionFor(t, 'student');
    const list = (await call(t.app, '/trainingcamp/train-list', {}, { token: student })).body.data;
    const byName = Object.fromEntries(list.list.map((s) => [s.name, s]));
    expect(byName[DEMO_OPEN_SET]).toMatchObject({ locked: false, data_count: 4 });
    expect(byName[DEMO_LOCKED_SET]).toMatchObject({ locked: true, data_count: 4 });
    const locked = byName[DEMO_LOCKED_SET]!.id;
    const refused = await call(t.app, '/trainingcamp/train-join', { set_id: locked }, { token: student });
    expect(refused.body.error).toBe('practice_locked');

    const [batch] = await t.deps.db
      .select()
      .from(schema.cdkeyBatches)
      .where(eq(schema.cdkeyBatches.name, DEMO_CDKEY_BATCH));
    const codes = await t.deps.db.select().from(schema.cdkeys).where(eq(schema.cdkeys.batchId, batch!.id));
    expect(codes).toHaveLength(10);
    const redeemed = await call(t.app, '/cdkey/redeem', { code: codes[0]!.code }, { token: student });
    expect(redeemed.body.data.category_name).toBe('数据标注基础');
    const joined = await call(t.app, '/trainingcamp/train-join', { set_id: locked }, { token: student });
    expect(joined.status).toBe(200);
  });

  it('adds nothing when run again', async () => {
    expect(await seedDemoPractice(t.deps.db)).toBe(0);
    expect(await t.deps.db.select().from(schema.cdkeyBatches)).toHaveLength(1);
  });
});
