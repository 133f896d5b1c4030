import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let operator: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await sessionFor(t, 'operator');
  student = await sessionFor(t, 'student');
});
afterAll(() => t.close());

describe('dictionaries', () => {
  let dictId: number;

  it('creates a dictionary with a unique key and items with unique values', async () => {
    const created = await call(
      t.app,
      '/dict/create',
      { key: 'education', name: '学历', description: 'Education levels' },
      { token: operator },
    );
    expect(created.body.data).toMatchObject({ key: 'education', name: '学历', item_count: 0 });
    dictId = created.body.data.id;
    const again = await call(t.app, '/dict/create', { key: 'education', name: 'x' }, { token: operator });
    expect(again.body.error).toBe('dict_key_taken');
    const items = [
      { value: 'master', label_zh: '硕士', label_en: 'Master', sort: 2 },
      { value: 'bachelor', label_zh: '本科', label_en: 'Bachelor', sort: 1 },
      { value: 'phd', label_zh: '博士', label_en: 'PhD', sort: 3, enabled: false },
    ];
    for (const item of items) {
      const res = await call(t.app, '/dict/item-create', { dict_id: dictId, ...item }, { token: operator });
      expect(res.status).toBe(200);
    }
    const dup = await call(
      t.app,
      '/dict/item-create',
      { dict_id: dictId, value: 'phd', label_zh: '博', label_en: 'D' },
      { token: operator },
    );
    expect(dup.body.error).toBe('dict_value_taken');
    const missing = await call(
      t.app,
      '/dict/item-create',
      { dict_id: 999999, value: 'x', label_zh: 'x', label_en: 'x' },
      { token: operator },
    );
    expect(missing.body.error).toBe('not_found');
    const detail = await call(t.app, '/dict/detail', { id: dictId }, { token: operator });
    expect(detail.body.data.item_count).toBe(3);
    expect(detail.body.data.items.map((i) => i.value)).toEqual(['bachelor', 'master', 'phd']);
    const list = await call(t.app, '/dict/list', { keyword: 'educ' }, { token: operator });
    expect(list.body.data.total).toBe(1);
  });

  it('offers enabled items to any signed-in user, labelled in their language', async () => {
    const zh = await call(t.app, '/dict/items', { key: 'education' }, { token: student, lang: 'zh-CN' });
    expect(zh.body.data).toEqual({
      key: 'education',
      items: [
        { value: 'bachelor', label: '本科' },
        { value: 'master', label: '硕士' },
      ],
    });
    const en = await call(t.app, '/dict/items', { key: 'education' }, { token: student, lang: 'en-US' });
    expect(en.body.data.items).toEqual([
      { value: 'bachelor', label: 'Bachelor' },
      { value: 'master', label: 'Master' },
    ]);
    const unknown = await call(t.app, '/dict/items', { key: 'nope' }, { token: student });
    expect(unknown.body.error).toBe('not_found');
    const anonymous = await call(t.app, '/dict/items', { key: 'education' });
    expect(anonymous.status).toBe(401);
    const studentAdmin = await call(t.app, '/dict/list', {}, { token: student });
    expect(studentAdmin.status).toBe(403);
  });

  it('updates and deletes items and dictionaries', async () => {
    const detail = await call(t.app, '/dict/detail', { id: dictId }, { token: operator });
    const phd = detail.body.data.items.find((i) => i.value === 'phd')!;
    const enabled = await call(
      t.app,
      '/dict/item-update',
      { id: phd.id, value: 'phd', label_zh: '博士', label_en: 'Doctorate', sort: 0, enabled: true },
      { token: operator },
    );
    expect(enabled.body.data).toMatchObject({ label_en: 'Doctorate', enabled: true });
    const en = await call(t.app, '/dict/items', { key: 'education' }, { token: student, lang: 'en-US' });
    expect(en.body.data.items[0]).toEqual({ value: 'phd', label: 'Doctorate' });
    expect((await call(t.app, '/dict/item-delete', { id: phd.id }, { token: operator })).body.data).toEqual({
      ok: true,
    });
    const renamed = await call(t.app, '/dict/update', { id: dictId, name: 'Education' }, { token: operator });
    expect(renamed.body.data).toMatchObject({ key: 'education', name: 'Education', description: '' });
    expect((await call(t.app, '/dict/delete', { id: dictId }, { token: operator })).body.data).toEqual({ ok: true });
    expect((await call(t.app, '/dict/detail', { id: dictId }, { token: operator })).body.error).toBe('not_found');
  });
});
