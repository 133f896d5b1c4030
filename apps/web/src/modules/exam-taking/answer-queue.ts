import type { TAnswerResponse, TSavedAnswer } from '@app/contracts';
import { responseGiven } from '@app/contracts/question-answers.ts';

/**
 * One answer as the page knows it: the options chosen (choices) or the response (the other types), `acked` once the
 * server acknowledged this `client_seq`.
 */
export interface LocalAnswer {
  chosen: number[];
  response: TAnswerResponse | null;
  client_seq: number;
  acked: boolean;
}

/** Whether an answer counts as given: an option chosen, or a response that holds something (`responseGiven`). */
export function isAnswered(answer: Pick<LocalAnswer, 'chosen' | 'response'> | undefined): boolean {
  if (!answer) return false;
  return answer.chosen.length > 0 || responseGiven(answer.response);
}

/** How long typed answers wait for the typing to pause before they are sent (`answer(..., { typing: true })`). */
export const TYPING_DELAY_MS = 800;

interface Stored {
  seq: number;
  answers: Record<string, LocalAnswer>;
}

export type SaveResult = { ok: true; remaining_ms: number } | { ok: false; retry: boolean; error: unknown };

export interface QueueState {
  answers: ReadonlyMap<number, LocalAnswer>;
  /** Answers given but not yet acknowledged. */
  pending: number;
  sending: boolean;
  /** The last save failed on the network: the pending answers wait for the connection. */
  offline: boolean;
}

/** Where the answers of an attempt are kept between reloads (a storage key per attempt). */
export const storageKey = (attemptId: number) => `exam-answers:${attemptId}`;

function readStored(storage: Storage, key: string): Stored {
  try {
    const parsed = JSON.parse(storage.getItem(key) ?? 'null') as Stored | null;
    if (parsed && typeof parsed.seq === 'number' && parsed.answers) {
      // A copy written before answers had a response.
      for (const answer of Object.values(parsed.answers)) answer.response ??= null;
      return parsed;
    }
  } catch {}
  return { seq: 0, answers: {} };
}

/**
 * The answers of one attempt: every answer is kept locally (localStorage) with an increasing `client_seq`, sent
 * one after the other, and kept until acknowledged, so a save that fails on the network is sent again when the
 * connection comes back (`flush`). The server ignores a save with a lower `client_seq` than the one it has, so a
 * replay never overwrites a newer answer. On load, the local answers are merged with the server's (newest seq wins).
 *
 * Typed answers (`typing`) are kept locally at once but sent only once the typing pauses (`TYPING_DELAY_MS`), or at
 * the next `flush` (a blur, another answer, the submit): a pause sends the newest text, not one save per key.
 */
export class AnswerQueue {
  private stored: Stored;
  private sending = false;
  private running: Promise<void> | null = null;
  private again = false;
  private offline = false;
  private listeners = new Set<() => void>();
  private snapshot: QueueState;
  /** Questions whose newest answer waits for the typing to pause. */
  private readonly deferred = new Set<number>();
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set by `clear`: the attempt is over, nothing is kept locally any more. */
  private closed = false;

  constructor(
    private readonly attemptId: number,
    serverAnswers: readonly TSavedAnswer[],
    private readonly save: (questionId: number, answer: LocalAnswer) => Promise<SaveResult>,
    private readonly storage: Storage,
    private readonly onAck: (remainingMs: number) => void = () => {},
    private readonly onRejected: (error: unknown) => void = () => {},
  ) {
    this.stored = readStored(storage, storageKey(attemptId));
    for (const answer of serverAnswers) {
      const local = this.stored.answers[answer.question_id];
      if (!local || local.client_seq <= answer.client_seq) {
        this.stored.answers[answer.question_id] = {
          chosen: answer.chosen,
          response: answer.response,
          client_seq: answer.client_seq,
          acked: true,
        };
      }
      this.stored.seq = Math.max(this.stored.seq, answer.client_seq);
    }
    this.persist();
    this.snapshot = this.makeSnapshot();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getState = (): QueueState => this.snapshot;

  /**
   * Records an answer and sends it (after the ones before it). With `typing`, it is sent once the typing pauses (or
   * at the next flush); it is kept locally at once either way.
   */
  answer(
    questionId: number,
    chosen: number[],
    response: TAnswerResponse | null = null,
    options: { typing?: boolean } = {},
  ): void {
    if (this.closed) return;
    this.stored.seq += 1;
    this.stored.answers[questionId] = {
      chosen: [...chosen].sort((a, b) => a - b),
      response,
      client_seq: this.stored.seq,
      acked: false,
    };
    if (options.typing) {
      this.deferred.add(questionId);
      this.changed();
      if (this.typingTimer !== null) clearTimeout(this.typingTimer);
      this.typingTimer = setTimeout(() => {
        this.typingTimer = null;
        void this.flush();
      }, TYPING_DELAY_MS);
      return;
    }
    this.deferred.delete(questionId);
    this.changed();
    void this.flush();
  }

  /** Sends every unacknowledged answer (typed ones too, without waiting), oldest first; stops at the first network failure. */
  flush(): Promise<void> {
    if (this.typingTimer !== null) {
      clearTimeout(this.typingTimer);
      this.typingTimer = null;
    }
    this.deferred.clear();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    this.sending = true;
    this.changed();
    try {
      do {
        this.again = false;
        for (;;) {
          const next = this.nextPending();
          if (!next) break;
          const [questionId, answer] = next;
          const result = await this.save(questionId, answer);
          const current = this.stored.answers[questionId];
          if (result.ok) {
            this.offline = false;
            if (current && current.client_seq === answer.client_seq) current.acked = true;
            this.onAck(result.remaining_ms);
          } else if (result.retry) {
            this.offline = true;
            this.again = false;
            break;
          } else {
            // Refused for good (e.g. the time is up): it will not be accepted later either.
            if (current && current.client_seq === answer.client_seq) current.acked = true;
            this.onRejected(result.error);
          }
          this.changed();
        }
      } while (this.again);
    } finally {
      this.sending = false;
      this.changed();
    }
  }

  private nextPending(): [number, LocalAnswer] | undefined {
    let best: [number, LocalAnswer] | undefined;
    for (const [id, answer] of Object.entries(this.stored.answers)) {
      if (answer.acked || this.deferred.has(Number(id))) continue;
      if (!best || answer.client_seq < best[1].client_seq) best = [Number(id), answer];
    }
    return best;
  }

  private persist() {
    if (this.closed) return;
    try {
      this.storage.setItem(storageKey(this.attemptId), JSON.stringify(this.stored));
    } catch {}
  }

  private makeSnapshot(): QueueState {
    const answers = new Map(Object.entries(this.stored.answers).map(([id, a]) => [Number(id), a] as const));
    const pending = [...answers.values()].filter((a) => !a.acked).length;
    return { answers, pending, sending: this.sending, offline: this.offline };
  }

  private changed() {
    this.persist();
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  /** Drops the local copy once the attempt is over. */
  clear(): void {
    this.closed = true;
    if (this.typingTimer !== null) clearTimeout(this.typingTimer);
    this.typingTimer = null;
    try {
      this.storage.removeItem(storageKey(this.attemptId));
    } catch {}
  }
}
