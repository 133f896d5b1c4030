import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('one class per student under concurrency', () => {
  it('two joins of different classes at the same time: exactly one succeeds', async () => {
    const teacher = await loginAs(t.app, 'teacher');
    const student = await loginAs(t.app, 'student');
    for (let round = 0; round < 5; round++) {
      const made = await Promise.all(
        ['A', 'B'].map(
          async (n) =>
            (await call(t.app, '/group/create', { kind: 'class', name: `${n}${round}` }, { token: teacher })).body.data,
        ),
      );
      const results = await Promise.all(
        made.map((g) => call(t.app, '/group/join-by-code', { code: g.join_code }, { token: student })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.error).toBe('already_in_class');
      const joined = results.findIndex((r) => r.status === 200);
      const count = await Promise.all(
        made.map(
          async (g) => (await call(t.app, '/group/detail', { id: g.id }, { token: teacher })).body.data.member_count,
        ),
      );
      expect(count.reduce((a, b) => a + b, 0)).toBe(1);
      const studentId = (await call(t.app, '/group/user-list', { group_id: made[joined]!.id }, { token: teacher })).body
        .data.list[0]!.user_id;
      await call(
        t.app,
        '/group/user-delete',
        { group_id: made[joined]!.id, user_ids: [studentId] },
        { token: teacher },
      );
    }
  });
});
