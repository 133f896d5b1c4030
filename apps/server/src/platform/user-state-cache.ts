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
 * (`user_changed` through the realtime hub), and a role change drops everything (`access_changed`). A value read
 * from the database is remembered only if nothing was forgotten since the read began (`mark()`), so a read that
 * raced a change cannot put the old state back for `ttlMs`.
 */
export class UserStateCache {
  private readonly sessions = new Map<string, Entry<SessionInfo>>();
  private readonly answers = new Map<string, Entry<unknown>>();
  /** Counts the forget calls; see mark(). */
  private forgets = 0;

  constructor(readonly ttlMs: number) {}

  session(tokenHash: string): SessionInfo | undefined {
    return this.read(this.sessions, tokenHash);
  }

  /** Taken before reading what will be remembered, and passed to `rememberSession` / `rememberAnswer`. */
  mark(): number {
    return this.forgets;
  }

  rememberSession(tokenHash: string, info: SessionInfo, mark: number): void {
    this.write(this.sessions, tokenHash, info, info.userId, mark);
  }

  /** A cached answer for one user, under a key that names everything it depends on. */
  answer<T>(userId: number, key: string): T | undefined {
    return this.read(this.answers, `${userId}:${key}`) as T | undefined;
  }

  rememberAnswer(userId: number, key: string, value: unknown, mark: number): void {
    this.write(this.answers, `${userId}:${key}`, value, userId, mark);
  }

  forgetUser(userId: number): void {
    this.forgets += 1;
    for (const map of [this.sessions, this.answers] as Map<string, Entry<unknown>>[]) {
      for (const [key, entry] of map) if (entry.userId === userId) map.delete(key);
    }
  }

  forgetAll(): void {
    this.forgets += 1;
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

  private write<T>(map: Map<string, Entry<T>>, key: string, value: T, userId: number, mark: number): void {
    if (this.ttlMs <= 0 || mark !== this.forgets) return;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, until: Date.now() + this.ttlMs, userId });
  }
}
