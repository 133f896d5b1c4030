import { describe, expect, it } from 'vitest';
import type { SessionInfo } from './context.ts';
import { UserStateCache } from './user-state-cache.ts';

const info: SessionInfo = {
  sessionId: 1,
  userId: 7,
  username: 'student',
  siteId: 1,
  role: 'role_student',
  permissions: new Set(),
};

describe('UserStateCache', () => {
  it('remembers a session read while nothing changed', () => {
    const cache = new UserStateCache(5000);
    const mark = cache.mark();
    cache.rememberSession('hash', info, mark);
    expect(cache.session('hash')).toBe(info);
  });

  it('does not remember a read that began before a user was forgotten (a logout racing the read)', () => {
    const cache = new UserStateCache(5000);
    const mark = cache.mark();
    cache.forgetUser(info.userId);
    cache.rememberSession('hash', info, mark);
    cache.rememberAnswer(info.userId, 'detail', { old: true }, mark);
    expect(cache.session('hash')).toBeUndefined();
    expect(cache.answer(info.userId, 'detail')).toBeUndefined();
  });

  it('does not remember a read that began before everything was forgotten', () => {
    const cache = new UserStateCache(5000);
    const mark = cache.mark();
    cache.forgetAll();
    cache.rememberAnswer(info.userId, 'detail', { old: true }, mark);
    expect(cache.answer(info.userId, 'detail')).toBeUndefined();
  });
});
