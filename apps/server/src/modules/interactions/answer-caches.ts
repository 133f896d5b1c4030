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

interface AnswerCaches {
  questions: TtlMap<number, InteractionQuestion>;
  members: TtlMap<string, true>;
  joined: TtlMap<string, true>;
}

const byDatabase = new WeakMap<object, AnswerCaches>();

/**
 * The caches of one database (its ids mean nothing in another: the tests run several apps, each with its own
 * database, in one process).
 */
export function answerCaches(db: object): AnswerCaches {
  let caches = byDatabase.get(db);
  if (!caches) {
    caches = {
      questions: new TtlMap(QUESTION_TTL_MS),
      members: new TtlMap(MEMBER_TTL_MS),
      joined: new TtlMap(MEMBER_TTL_MS),
    };
    byDatabase.set(db, caches);
  }
  return caches;
}
