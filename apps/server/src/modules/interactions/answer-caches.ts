import type { InteractionQuestion } from './interaction-questions.queries.ts';

/**
 * What an answer needs that hardly changes during a run, kept in this process for a short while so that a class
 * answering at once costs the database a few statements per answer: a question's content (a teacher's edit shows
 * within QUESTION_TTL_MS; a run keeps its question ids anyway), a student's place in a run's classes (a student who
 * leaves the class may still answer for MEMBER_TTL_MS) and who has joined (the join row is written once).
 */
const QUESTION_TTL_MS = 10_000;
const MEMBER_TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

class TtlMap<K, V> {
  private readonly entries = new Map<K, { at: number; value: V }>();
  constructor(private readonly ttlMs: number) {}

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { at: Date.now(), value });
  }
}

export const questionCache = new TtlMap<number, InteractionQuestion>(QUESTION_TTL_MS);
export const memberCache = new TtlMap<string, true>(MEMBER_TTL_MS);
export const joinedCache = new TtlMap<string, true>(MEMBER_TTL_MS);
