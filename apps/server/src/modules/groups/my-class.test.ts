import type { ProcedurePath } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallOutput, call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let teacher: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  teacher = await loginAs(t.app, 'teacher');
  student = await loginAs(t.app, 'student');
});
afterAll(() => t.close());

async function ok<P extends ProcedurePath>(token: string, path: P, input: unknown): Promise<CallOutput<P>> {
  const result = await call(t.app, path, input, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

describe('/group/my-class', () => {
  it('answers null before joining, the class after, and follows it being closed or left', async () => {
    expect(await ok(student, '/group/my-class', {})).toEqual({ class: null });
    const made = await ok(teacher, '/group/create', { kind: 'class', name: 'Mine' });
    await ok(student, '/group/join-by-code', { code: made.join_code });
    const mine = await ok(student, '/group/my-class', {});
    expect(mine.class).toMatchObject({
      id: made.id,
      name: 'Mine',
      status: 'open',
      owner_nickname: made.owner_nickname,
    });
    expect(typeof mine.class?.joined_at).toBe('string');
    await ok(teacher, '/group/close', { id: made.id });
    expect((await ok(student, '/group/my-class', {})).class?.status).toBe('closed');
    // The teacher is in no class; a team group never counts.
    expect(await ok(teacher, '/group/my-class', {})).toEqual({ class: null });
  });

  it('needs a session', async () => {
    expect((await call(t.app, '/group/my-class', {})).status).toBe(401);
  });
});
