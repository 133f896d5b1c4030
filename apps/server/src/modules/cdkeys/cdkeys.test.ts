import { CDKEY_ALPHABET } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPracticeFixture } from '../../testing/practice.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let manager: string;
let student: string;
let teacher: string;
let categoryId: number;
let subCategoryId: number;

const unique = () => Math.random().toString(36).slice(2, 8);
const DAY = 86_400_000;

async function userId(username: string): Promise<number> {
  const [user] = await t.deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.username, username));
  return user!.id;
}

async function createBatch(extra: Record<string, unknown> = {}) {
  const result = await call(
    t.app,
    '/dataset-cdkey/create',
    {
      name: `批次-${unique()}`,
      category_id: categoryId,
      sub_category_id: subCategoryId,
      unit_price: 12.5,
      count: 3,
      valid_from: new Date(Date.now() - DAY).toISOString(),
      valid_until: new Date(Date.now() + DAY).toISOString(),
      ...extra,
    },
    { token: manager },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

async function codesOf(batchId: number, state?: string) {
  const result = await call(
    t.app,
    '/dataset-cdkey/codes',
    { batch_id: batchId, state, pageSize: 100 },
    { token: manager },
  );
  expect(result.status).toBe(200);
  return result.body.data.list;
}

async function setSite(values: { showCdkey?: string; serviceType?: number }) {
  const db = t.deps.db;
  if (values.serviceType !== undefined)
    await db.update(schema.sites).set({ serviceType: values.serviceType }).where(eq(schema.sites.id, siteId));
  if (values.showCdkey !== undefined)
    await db
      .insert(schema.settings)
      .values({ siteId, key: 'showCdkey', value: values.showCdkey, valueType: 'boolean' })
      .onConflictDoUpdate({ target: [schema.settings.siteId, schema.settings.key], set: { value: values.showCdkey } });
}

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  manager = await sessionFor(t, 'manager');
  student = await sessionFor(t, 'student');
  teacher = await sessionFor(t, 'teacher');
  const [top] = await t.deps.db
    .insert(schema.questionCategories)
    .values({ siteId, name: `一级-${unique()}`, reviewStatus: 'passed' })
    .returning({ id: schema.questionCategories.id });
  const [child] = await t.deps.db
    .insert(schema.questionCategories)
    .values({ siteId, parentId: top!.id, name: `二级-${unique()}`, reviewStatus: 'passed' })
    .returning({ id: schema.questionCategories.id });
  categoryId = top!.id;
  subCategoryId = child!.id;
});
afterAll(() => t.close());

describe('code batches', () => {
  it('creates a batch of unique, well-formed codes and keeps the price in cents', async () => {
    const batch = await createBatch({ count: 50, unit_price: 19.99 });
    expect(batch).toMatchObject({ count: 50, used_count: 0, use_rate: 0, unit_price_cents: 1999 });
    const codes = await codesOf(batch.id);
    expect(codes).toHaveLength(50);
    expect(new Set(codes.map((c) => c.code)).size).toBe(50);
    const pattern = new RegExp(`^[${CDKEY_ALPHABET}]{16}$`);
    for (const c of codes) expect(c.code).toMatch(pattern);
    expect(codes.every((c) => c.state === 'unused')).toBe(true);
    const list = await call(t.app, '/dataset-cdkey/list', {}, { token: manager });
    expect(list.body.data.list[0]).toMatchObject({ id: batch.id, sub_category_id: subCategoryId });
  });

  it('refuses a sub-category that is not a child, a second-level category, bad prices and reversed dates', async () => {
    const [stranger] = await t.deps.db
      .insert(schema.questionCategories)
      .values({ siteId, name: `其他-${unique()}`, reviewStatus: 'passed' })
      .returning({ id: schema.questionCategories.id });
    const body = {
      name: 'x',
      category_id: categoryId,
      sub_category_id: stranger!.id,
      unit_price: 1,
      count: 1,
      valid_from: new Date().toISOString(),
      valid_until: new Date(Date.now() + DAY).toISOString(),
    };
    const wrongSub = await call(t.app, '/dataset-cdkey/create', body, { token: manager });
    expect(wrongSub.body.error).toBe('category_parent_wrong');
    const notTop = await call(
      t.app,
      '/dataset-cdkey/create',
      { ...body, category_id: subCategoryId, sub_category_id: null },
      { token: manager },
    );
    expect(notTop.body.error).toBe('category_parent_wrong');
    for (const wrong of [
      { unit_price: 1.234 },
      { count: 0 },
      { count: 10_001 },
      { valid_until: body.valid_from, valid_from: body.valid_until },
    ]) {
      const result = await call(
        t.app,
        '/dataset-cdkey/create',
        { ...body, sub_category_id: null, ...wrong },
        { token: manager },
      );
      expect(result.status, JSON.stringify(wrong)).toBe(400);
    }
    const byStudent = await call(t.app, '/dataset-cdkey/list', {}, { token: student });
    expect(byStudent.status).toBe(403);
  });
});

describe('redeeming', () => {
  it('lets exactly one of two concurrent attempts win, unlocks both categories, and counts the use', async () => {
    const batch = await createBatch({ count: 2 });
    const [first] = await codesOf(batch.id);
    const results = await Promise.all([
      call(t.app, '/cdkey/redeem', { code: first!.code }, { token: student }),
      call(t.app, '/cdkey/redeem', { code: first!.code.toLowerCase() }, { token: teacher }),
    ]);
    const winners = results.filter((r) => r.status === 200);
    const losers = results.filter((r) => r.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]!.body.error).toBe('cdkey_used');
    expect(winners[0]!.body.data).toMatchObject({ category_id: categoryId, sub_category_id: subCategoryId });
    const winner = results[0]!.status === 200 ? 'student' : 'teacher';
    const unlocks = await t.deps.db
      .select()
      .from(schema.categoryUnlocks)
      .where(and(eq(schema.categoryUnlocks.userId, await userId(winner)), eq(schema.categoryUnlocks.siteId, siteId)));
    expect(unlocks.map((u) => u.categoryId).sort()).toEqual(expect.arrayContaining([categoryId, subCategoryId]));
    const detail = await call(t.app, '/dataset-cdkey/detail', { id: batch.id }, { token: manager });
    expect(detail.body.data).toMatchObject({ used_count: 1, use_rate: 0.5 });
    const used = await codesOf(batch.id, 'used');
    expect(used.map((c) => c.code)).toEqual([first!.code]);
    expect(used[0]!.redeemed_by_name).toBeTruthy();
    const again = await call(
      t.app,
      '/cdkey/redeem',
      { code: first!.code },
      { token: winner === 'student' ? student : teacher },
    );
    expect(again.body.error).toBe('cdkey_used');
    const mine = await call(t.app, '/cdkey/mycdkey', {}, { token: winner === 'student' ? student : teacher });
    expect(mine.body.data.hidden).toBe(false);
    expect(mine.body.data.list[0]).toMatchObject({ code: first!.code });
  });

  it('a second code of the same category redeems fine (the unlock is already there)', async () => {
    const batch = await createBatch({ count: 2 });
    const codes = await codesOf(batch.id);
    for (const c of codes) {
      const result = await call(t.app, '/cdkey/redeem', { code: c.code }, { token: student });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
    }
    const detail = await call(t.app, '/dataset-cdkey/detail', { id: batch.id }, { token: manager });
    expect(detail.body.data).toMatchObject({ used_count: 2, use_rate: 1 });
  });

  it('answers cdkey_invalid, cdkey_expired and cdkey_disabled, and enabling gives the code back', async () => {
    const unknown = await call(t.app, '/cdkey/redeem', { code: 'NOSUCHCODE234567' }, { token: student });
    expect(unknown.body.error).toBe('cdkey_invalid');
    const other = await createPracticeFixture(t, await siteIdByName(t, '星河数据'));
    const [otherCode] = await t.deps.db.select().from(schema.cdkeys).where(eq(schema.cdkeys.id, other.cdkeyId));
    const foreign = await call(t.app, '/cdkey/redeem', { code: otherCode!.code }, { token: student });
    expect(foreign.body.error).toBe('cdkey_invalid');

    const expired = await createBatch({
      count: 1,
      valid_from: new Date(Date.now() - 3 * DAY).toISOString(),
      valid_until: new Date(Date.now() - DAY).toISOString(),
    });
    const [old] = await codesOf(expired.id);
    const tooLate = await call(t.app, '/cdkey/redeem', { code: old!.code }, { token: student });
    expect(tooLate.body.error).toBe('cdkey_expired');
    const future = await createBatch({
      count: 1,
      valid_from: new Date(Date.now() + DAY).toISOString(),
      valid_until: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    const [early] = await codesOf(future.id);
    expect((await call(t.app, '/cdkey/redeem', { code: early!.code }, { token: student })).body.error).toBe(
      'cdkey_expired',
    );

    const batch = await createBatch({ count: 2 });
    const [a, b] = await codesOf(batch.id);
    const disabled = await call(t.app, '/dataset-cdkey/disable', { ids: [a!.id] }, { token: manager });
    expect(disabled.body.data).toEqual({ changed: 1 });
    expect((await codesOf(batch.id, 'disabled')).map((c) => c.id)).toEqual([a!.id]);
    const refused = await call(t.app, '/cdkey/redeem', { code: a!.code }, { token: student });
    expect(refused.body.error).toBe('cdkey_disabled');
    // A redeemed code is not disabled (nor enabled): it stays used.
    await call(t.app, '/cdkey/redeem', { code: b!.code }, { token: student });
    expect((await call(t.app, '/dataset-cdkey/disable', { ids: [b!.id] }, { token: manager })).body.data).toEqual({
      changed: 0,
    });
    const enabled = await call(t.app, '/dataset-cdkey/enable', { ids: [a!.id, b!.id] }, { token: manager });
    expect(enabled.body.data).toEqual({ changed: 1 });
    expect((await call(t.app, '/cdkey/redeem', { code: a!.code }, { token: teacher })).status).toBe(200);
  });

  it('is hidden when showCdkey is off or the service type is 1', async () => {
    const batch = await createBatch({ count: 1 });
    const [code] = await codesOf(batch.id);
    try {
      await setSite({ showCdkey: '0' });
      expect((await call(t.app, '/cdkey/redeem', { code: code!.code }, { token: student })).body.error).toBe(
        'cdkey_hidden',
      );
      expect((await call(t.app, '/cdkey/mycdkey', {}, { token: student })).body.data).toEqual({
        hidden: true,
        list: [],
      });
      await setSite({ showCdkey: '1', serviceType: 1 });
      const hidden = await call(t.app, '/cdkey/redeem', { code: code!.code }, { token: student });
      expect(hidden.status).toBe(403);
      expect(hidden.body.error).toBe('cdkey_hidden');
    } finally {
      await setSite({ showCdkey: '1', serviceType: 0 });
    }
    expect((await call(t.app, '/cdkey/redeem', { code: code!.code }, { token: student })).status).toBe(200);
  });

  it('exports a batch as xlsx with one row per code', async () => {
    const batch = await createBatch({ count: 4 });
    const result = await call(t.app, '/dataset-cdkey/export', { batch_id: batch.id }, { token: manager });
    expect(result.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.body.data.content_base64, 'base64') as never);
    expect(workbook.worksheets[0]!.rowCount).toBe(5);
  });
});
