import type { TTeachingSource, TTeachingSourceUpload } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api.ts';
import { PARTS_IN_FLIGHT, UploadQueue, type UploadTransport } from './upload-queue.ts';

const PART = 10;
const source = { id: 7, title: 'Notes' } as TTeachingSource;

/** A stand-in server: parts of PART bytes, what it holds, and switches to fail or hold back parts. */
function fakeServer(received: number[] = []) {
  const held = new Set(received);
  let inFlight = 0;
  const state = { maxInFlight: 0, failures: new Map<number, number>(), starts: 0, hold: false };
  const release: (() => void)[] = [];
  const answer = (size: number): TTeachingSourceUpload => ({
    upload_id: 1,
    part_size: PART,
    part_count: Math.ceil(size / PART),
    received: [...held].sort((a, b) => a - b),
  });
  let size = 0;
  const transport: UploadTransport = {
    start: async (file) => {
      state.starts += 1;
      size = file.size;
      return answer(size);
    },
    part: async (_id, seq, part, _name, { onProgress, signal }) => {
      inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, inFlight);
      try {
        if (state.hold) await new Promise<void>((resolve) => release.push(resolve));
        if (signal.aborted) throw new ApiError('aborted', '');
        const left = state.failures.get(seq) ?? 0;
        if (left > 0) {
          state.failures.set(seq, left - 1);
          throw new ApiError('network_error', 'offline');
        }
        onProgress(part.size);
        held.add(seq);
        return answer(size);
      } finally {
        inFlight -= 1;
      }
    },
    finish: async () => source,
  };
  return { transport, state, held, release };
}

const fileOf = (bytes: number, name = 'notes.pdf') => new File([new Uint8Array(bytes)], name);

async function settle(queue: UploadQueue, done: (states: string[]) => boolean) {
  await vi.waitFor(() => expect(done(queue.items().map((item) => item.state))).toBe(true), { timeout: 2000 });
}

describe('upload queue', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true, advanceTimeDelta: 200 }));
  afterEach(() => vi.useRealTimers());

  it('sends the missing parts with at most three in flight over every file, then finishes', async () => {
    const server = fakeServer();
    const finished = vi.fn();
    const queue = new UploadQueue(server.transport, finished);
    expect(queue.add(fileOf(95))).toBe(true);
    expect(queue.add(fileOf(95))).toBe(false);
    expect(queue.add(fileOf(41, 'talk.mp4'))).toBe(true);
    await settle(queue, (states) => states.every((state) => state === 'done'));
    expect(server.state.maxInFlight).toBeLessThanOrEqual(PARTS_IN_FLIGHT);
    expect(finished).toHaveBeenCalledTimes(2);
    expect(queue.items().map((item) => item.sent)).toEqual([95, 41]);
  });

  it('resumes from the parts the server already holds', async () => {
    const server = fakeServer([0, 1, 2]);
    const part = vi.spyOn(server.transport, 'part');
    const queue = new UploadQueue(server.transport, () => {});
    queue.add(fileOf(50));
    await settle(queue, (states) => states[0] === 'done');
    expect(part.mock.calls.map((call) => call[1]).sort()).toEqual([3, 4]);
    expect(queue.items()[0]?.resumed).toBe(true);
  });

  it('retries a failed part with back-off, and fails the file after three retries', async () => {
    const server = fakeServer();
    server.state.failures.set(1, 2);
    const queue = new UploadQueue(server.transport, () => {});
    queue.add(fileOf(30));
    await settle(queue, (states) => states[0] === 'done');

    const broken = fakeServer();
    broken.state.failures.set(0, 10);
    const failing = new UploadQueue(broken.transport, () => {});
    failing.add(fileOf(30));
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    await settle(failing, (states) => states[0] === 'failed');
    expect(failing.items()[0]?.error).toBe('offline');
  });

  it('pauses (aborting the parts in flight) and resumes by starting again', async () => {
    const server = fakeServer();
    server.state.hold = true;
    const queue = new UploadQueue(server.transport, () => {});
    queue.add(fileOf(60));
    await vi.waitFor(() => expect(server.release.length).toBe(PARTS_IN_FLIGHT));
    const key = queue.items()[0]!.key;
    queue.pause(key);
    expect(queue.items()[0]?.state).toBe('paused');
    server.state.hold = false;
    for (const resolve of server.release.splice(0)) resolve();
    queue.resume(key);
    await settle(queue, (states) => states[0] === 'done');
    expect(server.state.starts).toBe(2);
  });

  it('cancels a file: it leaves the list', async () => {
    const server = fakeServer();
    server.state.hold = true;
    const queue = new UploadQueue(server.transport, () => {});
    queue.add(fileOf(60));
    queue.cancel(queue.items()[0]!.key);
    expect(queue.items()).toEqual([]);
    for (const resolve of server.release.splice(0)) resolve();
  });
});
