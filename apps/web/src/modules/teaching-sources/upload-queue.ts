import type { TTeachingSource, TTeachingSourceUpload } from '@app/contracts';
import { ApiError, errorMessage } from '../../shared/api.ts';

/** Parts in flight at once, over every file of the queue. */
export const PARTS_IN_FLIGHT = 3;
/** A failed call (start, a part, finish) is tried again this many times, after 1 s, 2 s, 4 s. */
export const RETRIES = 3;
const BACKOFF_MS = 1000;

export type UploadState = 'queued' | 'sending' | 'paused' | 'finishing' | 'done' | 'failed';

export interface UploadItem {
  readonly key: string;
  readonly file: File;
  readonly state: UploadState;
  /** Bytes the server holds or is receiving now. */
  readonly sent: number;
  /** Parts were already on the server when it (re)started: an earlier upload of the same file went on. */
  readonly resumed: boolean;
  readonly error?: string;
  readonly source?: TTeachingSource;
}

/** The calls an upload makes (queries.ts in the page; stand-ins in tests). */
export interface UploadTransport {
  start(file: File, signal: AbortSignal): Promise<TTeachingSourceUpload>;
  part(
    uploadId: number,
    seq: number,
    part: Blob,
    fileName: string,
    options: { onProgress: (loaded: number) => void; signal: AbortSignal },
  ): Promise<TTeachingSourceUpload>;
  finish(uploadId: number, signal: AbortSignal): Promise<TTeachingSource>;
}

const aborted = () => new ApiError('aborted', '');

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Worth another try: the line or the server failed, not the request (a refusal answers the same again). */
export function retryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'network_error' || error.code === 'request_timeout') return true;
  return error.status >= 500 || error.status === 429 || error.status === 408;
}

/** Calls `run`, again after 1 s, 2 s, 4 s while it fails in a way worth retrying. */
export async function withRetry<T>(run: () => Promise<T>, signal: AbortSignal, waitMs = BACKOFF_MS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (signal.aborted || attempt >= RETRIES || !retryable(error)) throw error;
      await sleep(waitMs * 2 ** attempt, signal);
    }
  }
}

/** A first-come first-served pool of slots (the parts in flight); a waiter whose signal aborts leaves the line. */
class Slots {
  private free: number;
  private waiting: Array<() => void> = [];
  constructor(size: number) {
    this.free = size;
  }
  acquire(signal: AbortSignal): Promise<() => void> {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
    if (signal.aborted) return Promise.reject(aborted());
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', leave);
        resolve(release);
      };
      const leave = () => {
        this.waiting = this.waiting.filter((waiter) => waiter !== grant);
        reject(aborted());
      };
      this.waiting.push(grant);
      signal.addEventListener('abort', leave, { once: true });
    });
  }
}

/**
 * The upload drawer's files, each sent as a resumable upload: `start` (which lists the parts the server already
 * holds, so resuming after a pause, a dropped line or a page reload is starting again), every missing part with at
 * most PARTS_IN_FLIGHT in flight over the whole queue and each retried on failure, then `finish`. React reads it
 * through `subscribe`/`items` (useSyncExternalStore).
 */
export class UploadQueue {
  private list: readonly UploadItem[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly running = new Map<string, AbortController>();
  private readonly slots = new Slots(PARTS_IN_FLIGHT);
  private seq = 0;

  constructor(
    private readonly transport: UploadTransport,
    private readonly onFinished: (source: TTeachingSource) => void,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  items = () => this.list;

  /** Whether a file is being sent (or waits its turn): leaving the page would stop it. */
  busy(): boolean {
    return this.list.some((item) => item.state === 'queued' || item.state === 'sending' || item.state === 'finishing');
  }

  /** Adds files and starts them; a file already in the queue and not done is left out (answered false). */
  add(file: File): boolean {
    const same = this.list.find((i) => i.file.name === file.name && i.file.size === file.size && i.state !== 'done');
    if (same) return false;
    const key = `u${++this.seq}`;
    this.list = [...this.list, { key, file, state: 'queued', sent: 0, resumed: false }];
    this.emit();
    void this.run(key);
    return true;
  }

  /** Stops a file being sent (not while it is being finished: the server may already have joined it). */
  pause(key: string): void {
    const state = this.find(key)?.state;
    if (state !== 'queued' && state !== 'sending') return;
    this.running.get(key)?.abort();
    this.update(key, { state: 'paused' });
  }

  resume(key: string): void {
    const item = this.find(key);
    if (item && (item.state === 'paused' || item.state === 'failed')) void this.run(key);
  }

  /** Stops a file and takes it off the list (the server drops an unfinished upload after a day). */
  cancel(key: string): void {
    this.running.get(key)?.abort();
    this.list = this.list.filter((item) => item.key !== key);
    this.emit();
  }

  clearDone(): void {
    this.list = this.list.filter((item) => item.state !== 'done');
    this.emit();
  }

  /** Stops every file (the page closes); each can be resumed later by choosing it again. */
  stopAll(): void {
    for (const key of [...this.running.keys()]) this.pause(key);
  }

  private async run(key: string): Promise<void> {
    const item = this.find(key);
    if (!item) return;
    this.running.get(key)?.abort();
    const controller = new AbortController();
    this.running.set(key, controller);
    const { signal } = controller;
    this.update(key, { state: 'queued', error: undefined });
    try {
      const upload = await withRetry(() => this.transport.start(item.file, signal), signal);
      const source = await this.sendParts(key, item.file, upload, signal);
      this.update(key, { state: 'done', source, sent: item.file.size });
      this.onFinished(source);
    } catch (error) {
      // A pause or cancel aborted it and already said so; a failure stops its other parts too.
      if (signal.aborted && error instanceof ApiError && error.code === 'aborted') return;
      controller.abort();
      this.update(key, { state: 'failed', error: errorMessage(error) || String(error) });
    } finally {
      if (this.running.get(key) === controller) this.running.delete(key);
    }
  }

  private async sendParts(key: string, file: File, upload: TTeachingSourceUpload, signal: AbortSignal) {
    const { upload_id: uploadId, part_size: partSize, part_count: partCount } = upload;
    const bytesOf = (seq: number) => Math.max(0, Math.min(partSize, file.size - seq * partSize));
    const held = new Set(upload.received);
    let done = upload.received.reduce((sum, seq) => sum + bytesOf(seq), 0);
    const inFlight = new Map<number, number>();
    const report = () => {
      let sent = done;
      for (const loaded of inFlight.values()) sent += loaded;
      this.update(key, { sent });
    };
    this.update(key, { state: 'sending', resumed: held.size > 0, sent: done });
    const sendOne = async (seq: number) => {
      const release = await this.slots.acquire(signal);
      try {
        const part = file.slice(seq * partSize, seq * partSize + bytesOf(seq));
        await withRetry(() => {
          inFlight.set(seq, 0);
          return this.transport.part(uploadId, seq, part, file.name, {
            signal,
            onProgress: (loaded) => {
              inFlight.set(seq, Math.min(loaded, part.size));
              report();
            },
          });
        }, signal);
        inFlight.delete(seq);
        done += part.size;
        report();
      } catch (error) {
        inFlight.delete(seq);
        throw error;
      } finally {
        release();
      }
    };
    const missing = Array.from({ length: partCount }, (_, seq) => seq).filter((seq) => !held.has(seq));
    // The first failure ends the file (run aborts the rest); the others' aborts are then of no interest.
    await new Promise<void>((resolve, reject) => {
      let left = missing.length;
      if (left === 0) resolve();
      for (const seq of missing)
        sendOne(seq).then(() => {
          left -= 1;
          if (left === 0) resolve();
        }, reject);
    });
    this.update(key, { state: 'finishing' });
    return withRetry(() => this.transport.finish(uploadId, signal), signal);
  }

  private find(key: string) {
    return this.list.find((item) => item.key === key);
  }

  private update(key: string, change: Partial<UploadItem>): void {
    if (!this.find(key)) return;
    this.list = this.list.map((item) => (item.key === key ? { ...item, ...change } : item));
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
