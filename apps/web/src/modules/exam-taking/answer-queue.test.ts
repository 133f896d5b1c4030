import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AnswerQueue,
  isAnswered,
  type LocalAnswer,
  type SaveResult,
  storageKey,
  TYPING_DELAY_MS,
} from './answer-queue.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

/** A server that stores the newest seq per question, and is reachable only while `online`. */
function fakeServer() {
  const saved = new Map<number, LocalAnswer>();
  const state = { online: true, calls: 0 };
  const save = async (questionId: number, answer: LocalAnswer): Promise<SaveResult> => {
    state.calls += 1;
    if (!state.online) return { ok: false, retry: true, error: new Error('offline') };
    const stored = saved.get(questionId);
    if (!stored || stored.client_seq <= answer.client_seq) saved.set(questionId, { ...answer, acked: true });
    return { ok: true, remaining_ms: 1000 };
  };
  return { saved, state, save };
}

describe('the answer queue of an attempt', () => {
  it('sends every answer with an increasing client_seq and counts nothing pending once acknowledged', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue(7, [], server.save, memoryStorage());
    queue.answer(1, [2]);
    queue.answer(2, [0, 1]);
    await queue.flush();
    expect(queue.getState().pending).toBe(0);
    expect(server.saved.get(1)).toMatchObject({ chosen: [2], client_seq: 1 });
    expect(server.saved.get(2)).toMatchObject({ chosen: [0, 1], client_seq: 2 });
  });

  it('keeps answers given offline in storage and sends them when back, the newest answer winning', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const queue = new AnswerQueue(7, [], server.save, storage);
    server.state.online = false;
    queue.answer(1, [0]);
    await queue.flush();
    queue.answer(1, [3]);
    queue.answer(2, [1]);
    await queue.flush();
    expect(queue.getState()).toMatchObject({ pending: 2, offline: true });
    expect(JSON.parse(storage.getItem(storageKey(7)) ?? '{}').seq).toBe(3);

    // A reload while offline: the local answers come back, merged with the server's older ones.
    const reloaded = new AnswerQueue(
      7,
      [{ question_id: 3, chosen: [1], response: null, client_seq: 0 }],
      server.save,
      storage,
    );
    expect(reloaded.getState().answers.get(1)?.chosen).toEqual([3]);
    expect(reloaded.getState().answers.get(3)?.acked).toBe(true);
    server.state.online = true;
    await reloaded.flush();
    expect(reloaded.getState()).toMatchObject({ pending: 0, offline: false });
    expect(server.saved.get(1)).toMatchObject({ chosen: [3], client_seq: 2 });
    expect(server.saved.get(2)).toMatchObject({ chosen: [1], client_seq: 3 });
  });

  it('takes the server answer when it is newer than the local copy, and numbers on after it', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    storage.setItem(
      storageKey(9),
      JSON.stringify({ seq: 2, answers: { 1: { chosen: [0], client_seq: 2, acked: true } } }),
    );
    const queue = new AnswerQueue(
      9,
      [{ question_id: 1, chosen: [2], response: null, client_seq: 5 }],
      server.save,
      storage,
    );
    expect(queue.getState().answers.get(1)?.chosen).toEqual([2]);
    queue.answer(4, [1]);
    await queue.flush();
    expect(server.saved.get(4)?.client_seq).toBe(6);
  });

  it('drops an answer the server refuses for good and reports it', async () => {
    const rejected: unknown[] = [];
    const queue = new AnswerQueue(
      3,
      [],
      async () => ({ ok: false, retry: false, error: 'exam_time_over' }),
      memoryStorage(),
      () => {},
      (error) => rejected.push(error),
    );
    queue.answer(1, [0]);
    await queue.flush();
    expect(queue.getState().pending).toBe(0);
    expect(rejected).toEqual(['exam_time_over']);
  });

  it('carries the response of a question that is not a choice, and reads a local copy written before responses', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    storage.setItem(
      storageKey(5),
      JSON.stringify({ seq: 1, answers: { 1: { chosen: [2], client_seq: 1, acked: false } } }),
    );
    const queue = new AnswerQueue(
      5,
      [{ question_id: 2, chosen: [], response: { texts: ['a', ''] }, client_seq: 0 }],
      server.save,
      storage,
    );
    expect(queue.getState().answers.get(1)?.response).toBeNull();
    expect(queue.getState().answers.get(2)?.response).toEqual({ texts: ['a', ''] });
    queue.answer(3, [], { order: [2, 0, 1] });
    await queue.flush();
    expect(server.saved.get(1)).toMatchObject({ chosen: [2], response: null, client_seq: 1 });
    expect(server.saved.get(3)).toMatchObject({ chosen: [], response: { order: [2, 0, 1] }, client_seq: 2 });
  });

  describe('typed answers', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('are kept at once but sent once the typing pauses: one save for a burst of keys', async () => {
      vi.useFakeTimers();
      const server = fakeServer();
      const storage = memoryStorage();
      const queue = new AnswerQueue(7, [], server.save, storage);
      for (const text of ['h', 'he', 'hel', 'hello']) {
        queue.answer(1, [], { text }, { typing: true });
        await vi.advanceTimersByTimeAsync(TYPING_DELAY_MS / 4);
      }
      expect(server.state.calls).toBe(0);
      expect(queue.getState()).toMatchObject({ pending: 1 });
      // Already on the device: a reload now would send it.
      expect(JSON.parse(storage.getItem(storageKey(7)) ?? '{}').answers[1].response).toEqual({ text: 'hello' });
      await vi.advanceTimersByTimeAsync(TYPING_DELAY_MS);
      expect(server.state.calls).toBe(1);
      expect(server.saved.get(1)).toMatchObject({ response: { text: 'hello' }, client_seq: 4 });
      expect(queue.getState().pending).toBe(0);
    });

    it('are sent without waiting by a flush (blur, submit) or by an answer that is not typed', async () => {
      vi.useFakeTimers();
      const server = fakeServer();
      const queue = new AnswerQueue(7, [], server.save, memoryStorage());
      queue.answer(1, [], { text: 'draft' }, { typing: true });
      await queue.flush();
      expect(server.saved.get(1)?.response).toEqual({ text: 'draft' });

      queue.answer(2, [], { text: '42' }, { typing: true });
      queue.answer(3, [1]);
      await vi.advanceTimersByTimeAsync(0);
      await queue.flush();
      expect(server.saved.get(2)?.response).toEqual({ text: '42' });
      expect(server.saved.get(3)?.chosen).toEqual([1]);
      // The timer of the typing has nothing left to send.
      const calls = server.state.calls;
      await vi.advanceTimersByTimeAsync(TYPING_DELAY_MS * 2);
      expect(server.state.calls).toBe(calls);
    });

    it('typed while a save is on its way wait for the pause, then the newest text is sent after it', async () => {
      vi.useFakeTimers();
      const saved: { questionId: number; answer: LocalAnswer }[] = [];
      let release: () => void = () => {};
      const save = async (questionId: number, answer: LocalAnswer): Promise<SaveResult> => {
        saved.push({ questionId, answer: { ...answer } });
        if (saved.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return { ok: true, remaining_ms: 1000 };
      };
      const queue = new AnswerQueue(7, [], save, memoryStorage());
      queue.answer(1, [0]);
      queue.answer(2, [], { text: 'a' }, { typing: true });
      queue.answer(2, [], { text: 'ab' }, { typing: true });
      release();
      await vi.advanceTimersByTimeAsync(TYPING_DELAY_MS / 2);
      // The choice went; the text waits for the pause although the queue was running.
      expect(saved.map((s) => s.questionId)).toEqual([1]);
      await vi.advanceTimersByTimeAsync(TYPING_DELAY_MS);
      expect(saved.map((s) => [s.questionId, s.answer.client_seq])).toEqual([
        [1, 1],
        [2, 3],
      ]);
      expect(queue.getState().pending).toBe(0);
    });

    it('given offline are replayed when back, the newest text winning', async () => {
      vi.useFakeTimers();
      const server = fakeServer();
      const storage = memoryStorage();
      const queue = new AnswerQueue(7, [], server.save, storage);
      server.state.online = false;
      queue.answer(1, [], { text: 'first' }, { typing: true });
      await vi.advanceTimersByTimeAsync(TYPING_DELAY_MS);
      expect(queue.getState()).toMatchObject({ offline: true, pending: 1 });
      queue.answer(1, [], { text: 'first draft' }, { typing: true });
      await vi.advanceTimersByTimeAsync(TYPING_DELAY_MS);
      // A reload while offline, then the network comes back.
      const reloaded = new AnswerQueue(7, [], server.save, storage);
      server.state.online = true;
      await reloaded.flush();
      expect(server.saved.get(1)).toMatchObject({ response: { text: 'first draft' }, client_seq: 2 });
      expect(reloaded.getState()).toMatchObject({ pending: 0, offline: false });
    });

    it('left waiting when the attempt is cleared are neither sent nor kept', async () => {
      vi.useFakeTimers();
      const server = fakeServer();
      const storage = memoryStorage();
      const queue = new AnswerQueue(7, [], server.save, storage);
      queue.answer(1, [], { text: 'late' }, { typing: true });
      queue.clear();
      await vi.advanceTimersByTimeAsync(TYPING_DELAY_MS * 2);
      expect(server.state.calls).toBe(0);
      expect(storage.getItem(storageKey(7))).toBeNull();
    });
  });

  it('counts an answer as given when an option is chosen or the response holds something', () => {
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered({ chosen: [0], response: null })).toBe(true);
    expect(isAnswered({ chosen: [], response: { text: '  ' } })).toBe(false);
    expect(isAnswered({ chosen: [], response: { texts: ['', 'x'] } })).toBe(true);
    expect(isAnswered({ chosen: [], response: { order: [-1, -1] } })).toBe(false);
    expect(isAnswered({ chosen: [], response: { order: [-1, 2] } })).toBe(true);
    expect(isAnswered({ chosen: [], response: { order: [] } })).toBe(false);
  });
});
