import { describe, expect, it } from 'vitest';
import { AnswerQueue, type LocalAnswer, type SaveResult, storageKey } from './answer-queue.ts';

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
    const reloaded = new AnswerQueue(7, [{ question_id: 3, chosen: [1], client_seq: 0 }], server.save, storage);
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
    const queue = new AnswerQueue(9, [{ question_id: 1, chosen: [2], client_seq: 5 }], server.save, storage);
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
});
