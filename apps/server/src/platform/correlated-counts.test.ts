import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Counts made by correlated subqueries in list rows (see `outerColumn`): each must count the rows of its own
 * record, not rows whose id happens to equal the record's.
 */
let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await sessionFor(t, 'root');
});
afterAll(() => t.close());

describe('counts in list rows', () => {
  it('counts the organisations of each account in the platform user list', async () => {
    const list = await call(t.app, '/user/list', { keyword: 'student', pageSize: 10 }, { token: root });
    const byName = new Map(list.body.data.list.map((u) => [u.username, u.organisations]));
    expect(byName.get('student')).toBe(2);
    expect(byName.get('student2')).toBe(1);
  });

  it('counts the templates of each category', async () => {
    const list = await call(t.app, '/template-category/list', { pageSize: 100 }, { token: root });
    const counts = await t.deps.db
      .select({ id: schema.annotationTemplates.categoryId, count: sql<number>`count(*)::int` })
      .from(schema.annotationTemplates)
      .groupBy(schema.annotationTemplates.categoryId);
    const expected = new Map(counts.map((c) => [c.id, c.count]));
    const rows = list.body.data.list;
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.template_count).toBe(expected.get(row.id) ?? 0);
  });

  it('counts the members holding each user tag', async () => {
    const token = await sessionFor(t, 'teamadmin');
    const created = await call(t.app, '/user/tag-create', { name: 'counted' }, { token });
    expect(created.status).toBe(200);
    const [annotator] = await t.deps.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.username, 'annotator'));
    const set = await call(
      t.app,
      '/user/tag-set',
      { user_ids: [annotator!.id], tag_ids: [created.body.data.id] },
      { token },
    );
    expect(set.status).toBe(200);
    const tags = await call(t.app, '/user/tags', {}, { token });
    const row = tags.body.data.list.find((tag) => tag.name === 'counted');
    expect(row?.user_count).toBe(1);
  });
});
