import type { SessionInfo } from './context.ts';

interface Entry<T> {
  value: T;
  until: number;
  userId: number;
}

const MAX_ENTRIES = 50_000;

/**
 * Short-lived cache of resolved sessions (by token hash) and per-user answers such as `/user/detail`, so a
 * page load does not query the same rows again and again. Entries live `ttlMs` at most; every change of a
 * user's sessions, memberships, roles or profile drops that user's entries on every instance
 * (`user_changed` through the realtime hub), and a role change drops everything (`access_changed`).
 */
export class UserStateCache {
  private readonly sessions = new Map<string, Entry<SessionInfo>>();
  private readonly answers = new Map<string, Entry<unknown>>();

  constructor(readonly ttlMs: number) {}

  session(tokenHash: string): SessionInfo | undefined {
    return this.read(this.sessions, tokenHash);
  }

  rememberSession(tokenHash: string, info: SessionInfo): void {
    this.write(this.sessions, tokenHash, info, info.userId);
  }

  /** A cached answer for one user, under a key that names everything it depends on. */
  answer<T>(userId: number, key: string): T | undefined {
    return this.read(this.answers, `${userId}:${key}`) as T | undefined;
  }

  rememberAnswer(userId: number, key: string, value: unknown): void {
    this.write(this.answers, `${userId}:${key}`, value, userId);
  }

  forgetUser(userId: number): void {
    for (const map of [this.sessions, this.answers] as Map<string, Entry<unknown>>[]) {
      for (const [key, entry] of map) if (entry.userId === userId) map.delete(key);
    }
  }

  forgetAll(): void {
    this.sessions.clear();
    this.answers.clear();
  }

  private read<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.value;
    map.delete(key);
    return undefined;
  }

  private write<T>(map: Map<string, Entry<T>>, key: string, value: T, userId: number): void {
    if (this.ttlMs <= 0) return;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, until: Date.now() + this.ttlMs, userId });
  }
}
