import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let producer: string;
let teamadmin: string;
let manager: string;
let student: string;
let otherManager: string;

const unique = () => Math.random().toString(36).slice(2, 8);
const item = (value: string, extra: Record<string, unknown> = {}) => ({
  value,
  label: `L-${value}`,
  color: '#FF0000',
  ...extra,
});

async function createDict(token: string, name = `字典-${unique()}`, description = '') {
  const result = await call(t.app, '/production-dict/create', { name, description }, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

async function auditLines(dictId: number) {
  return t.deps.db
    .select()
    .from(schema.auditLogs)
    .where(and(eq(schema.auditLogs.targetType, 'label_dict'), eq(schema.auditLogs.targetId, String(dictId))))
    .orderBy(asc(schema.auditLogs.id));
}

beforeAll(async () => {
  t = await createTestApp();
  producer = await loginAs(t.app, 'producer');
  teamadmin = await loginAs(t.app, 'teamadmin');
  manager = await loginAs(t.app, 'manager');
  student = await loginAs(t.app, 'student');
  otherManager = await loginAs(t.app, 'manager2');
});
afterAll(() => t.close());

describe('production dictionaries', () => {
  it('seeds the demo dictionaries of the first organisation, with their items in order', async () => {
    const options = await call(t.app, '/production-dict/options', {}, { token: manager });
    const vehicles = options.body.data.list.find((d) => d.name === '车辆类型');
    expect(vehicles?.items.map((i) => i.label)).toEqual(['轿车', '卡车', '公交车', '摩托车']);
    expect(vehicles?.items.map((i) => i.shortcut)).toEqual(['1', '2', '3', '4']);
    expect(options.body.data.list.some((d) => d.name === '情感极性')).toBe(true);
    const other = await call(t.app, '/production-dict/options', {}, { token: otherManager });
    expect(other.body.data.list).toEqual([]);
  });

  it('creates, lists, shows, updates and deletes a dictionary, auditing each write', async () => {
    const name = `车型-${unique()}`;
    const created = await createDict(producer, name, '描述');
    expect(created).toMatchObject({ name, description: '描述', item_count: 0, items: [] });

    const list = await call(t.app, '/production-dict/list', { keyword: name }, { token: teamadmin });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id: created.id, name, description: '描述', item_count: 0 });
    const byDescription = await call(t.app, '/production-dict/list', { keyword: '描述' }, { token: producer });
    expect(byDescription.body.data.list.map((r) => r.id)).toContain(created.id);

    const updated = await call(
      t.app,
      '/production-dict/update',
      { id: created.id, name: `${name}-新` },
      { token: manager },
    );
    expect(updated.body.data).toMatchObject({ name: `${name}-新`, description: '描述' });

    const saved = await call(
      t.app,
      '/production-dict/items-save',
      { id: created.id, items: [item('b', { shortcut: 'Shift+Ctrl+B' }), item('a', { enabled: false })] },
      { token: producer },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.item_count).toBe(2);
    expect(saved.body.data.items).toMatchObject([
      { value: 'b', label: 'L-b', color: '#ff0000', shortcut: 'ctrl+shift+b', sort: 0, enabled: true },
      { value: 'a', shortcut: null, sort: 1, enabled: false },
    ]);
    const detail = await call(t.app, '/production-dict/detail', { id: created.id }, { token: producer });
    expect(detail.body.data.items.map((i) => i.value)).toEqual(['b', 'a']);
    const options = await call(t.app, '/production-dict/options', {}, { token: producer });
    const option = options.body.data.list.find((d) => d.id === created.id);
    expect(option?.items).toEqual([{ value: 'b', label: 'L-b', color: '#ff0000', shortcut: 'ctrl+shift+b' }]);

    const removed = await call(t.app, '/production-dict/delete', { id: created.id }, { token: producer });
    expect(removed.body.data).toEqual({ ok: true });
    const gone = await call(t.app, '/production-dict/detail', { id: created.id }, { token: producer });
    expect(gone.body.error).toBe('not_found');
    const leftItems = await t.deps.db
      .select()
      .from(schema.labelDictItems)
      .where(eq(schema.labelDictItems.dictId, created.id));
    expect(leftItems).toEqual([]);

    const lines = await auditLines(created.id);
    expect(lines.map((l) => l.action)).toEqual([
      'label_dict_create',
      'label_dict_update',
      'label_dict_items_save',
      'label_dict_delete',
    ]);
    expect(lines[1]!.details).toMatchObject({ before: { name }, after: { name: `${name}-新` } });
    expect(lines[2]!.details).toMatchObject({ before: [], after: [{ value: 'b' }, { value: 'a' }] });
    expect(lines[3]!.details).toMatchObject({ before: { items: [{ value: 'b' }, { value: 'a' }] }, after: null });
    expect(lines.every((l) => l.siteId === lines[0]!.siteId && l.userId !== null)).toBe(true);
  });

  it('names the dictionary in the system log', async () => {
    const dict = await createDict(producer, `日志-${unique()}`);
    const root = await loginAs(t.app, 'root');
    const logs = await call(
      t.app,
      '/system/logs',
      { keyword: dict.name, action: 'label_dict_create' },
      { token: root },
    );
    expect(logs.body.data.list[0]).toMatchObject({
      target_type: 'label_dict',
      target_id: String(dict.id),
      target_name: dict.name,
    });
  });

  it('refuses a name the organisation already uses, on create and on update', async () => {
    const first = await createDict(producer);
    const second = await createDict(producer);
    const taken = await call(t.app, '/production-dict/create', { name: first.name }, { token: producer });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('dict_name_taken');
    const renamed = await call(
      t.app,
      '/production-dict/update',
      { id: second.id, name: first.name },
      { token: producer },
    );
    expect(renamed.body.error).toBe('dict_name_taken');
    // Another organisation may use the same name.
    const elsewhere = await call(t.app, '/production-dict/create', { name: first.name }, { token: otherManager });
    expect(elsewhere.status).toBe(200);
  });

  it('checks names and descriptions', async () => {
    const empty = await call(t.app, '/production-dict/create', { name: '  ' }, { token: producer });
    expect(empty.body.error).toBe('invalid_input');
    const long = await call(t.app, '/production-dict/create', { name: 'x'.repeat(31) }, { token: producer });
    expect(long.body.error).toBe('invalid_input');
    const description = await call(
      t.app,
      '/production-dict/create',
      { name: unique(), description: 'x'.repeat(201) },
      { token: producer },
    );
    expect(description.body.error).toBe('invalid_input');
  });

  it('refuses repeated values and shortcuts, bad colours and shortcuts, and too many items', async () => {
    const dict = await createDict(producer);
    const save = (items: unknown[]) =>
      call(t.app, '/production-dict/items-save', { id: dict.id, items }, { token: producer });

    const value = await save([item('a'), item('b'), item('a')]);
    expect(value.status).toBe(400);
    expect(value.body).toMatchObject({ error: 'dict_item_value_duplicate', details: { index: 2, value: 'a' } });
    expect(value.body.message).toContain('3');

    const shortcut = await save([item('a', { shortcut: 'ctrl+alt+x' }), item('b', { shortcut: 'Alt+Ctrl+X' })]);
    expect(shortcut.body).toMatchObject({
      error: 'dict_item_shortcut_duplicate',
      details: { index: 1, value: 'ctrl+alt+x' },
    });

    expect((await save([item('a', { color: 'red' })])).body.error).toBe('invalid_input');
    expect((await save([item('a', { color: '#12345' })])).body.error).toBe('invalid_input');
    expect((await save([item('a', { shortcut: 'ctrl+ctrl+x' })])).body.error).toBe('invalid_input');
    expect((await save([item('x'.repeat(65))])).body.error).toBe('invalid_input');
    expect((await save([{ ...item('a'), label: '' }])).body.error).toBe('invalid_input');

    const many = Array.from({ length: 501 }, (_, i) => item(`v${i}`));
    expect((await save(many)).body.error).toBe('invalid_input');
    const most = await save(many.slice(0, 500));
    expect(most.status).toBe(200);
    expect(most.body.data.item_count).toBe(500);

    // Nothing changed by the refused saves; an empty list clears the items.
    const cleared = await save([]);
    expect(cleared.body.data.items).toEqual([]);
  });

  it("answers not_found for another organisation's dictionary", async () => {
    const [other] = await t.deps.db
      .insert(schema.labelDicts)
      .values({ siteId: await siteIdByName(t, '星河数据'), name: `other-${unique()}` })
      .returning();
    const id = other!.id;
    for (const [path, input] of [
      ['/production-dict/detail', { id }],
      ['/production-dict/update', { id, name: 'x' }],
      ['/production-dict/delete', { id }],
      ['/production-dict/items-save', { id, items: [] }],
    ] as const) {
      const result = await call(t.app, path, input, { token: producer });
      expect(result.body.error, path).toBe('not_found');
    }
    const list = await call(t.app, '/production-dict/list', { keyword: other!.name }, { token: producer });
    expect(list.body.data.total).toBe(0);
  });

  it('is forbidden to a student', async () => {
    for (const path of ['/production-dict/list', '/production-dict/options', '/production-dict/create'] as const) {
      const result = await call(t.app, path, { name: 'x' }, { token: student });
      expect(result.status, path).toBe(403);
      expect(result.body.error).toBe('forbidden');
    }
  });
});
