import { type TMediaWaveform, ZMediaWaveform } from '@app/contracts';
import { concurrencyLimit } from '../../platform/concurrency-limit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { waveformCachePath } from '../project-data/index.ts';
import { computePeaks } from './compute-peaks.ts';
import { waveformItem } from './media-waveform.queries.ts';

/** Bumped when the cached format or the peak computation changes (older caches are recomputed). */
const CACHE_VERSION = 1;
/** ffmpeg processes at once in this server process (the decode is CPU-bound). */
const MAX_DECODES = 2;

/** Waveforms being computed in this process, by storage key: a second caller waits for the same decode. */
const inFlight = new Map<string, Promise<TMediaWaveform>>();

const withDecodeSlot = concurrencyLimit(MAX_DECODES);

async function readCache(storage: FileStorage, cachePath: string): Promise<TMediaWaveform | null> {
  const bytes = await storage.readBytes(cachePath);
  if (!bytes) return null;
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as { version?: number };
    if (parsed.version !== CACHE_VERSION) return null;
    const checked = ZMediaWaveform.safeParse(parsed);
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

async function computeAndCache(ctx: TenantContext, filePath: string): Promise<TMediaWaveform> {
  const storage = ctx.deps.storage;
  if ((await storage.sizeOf(filePath)) === null) throw new AppError('media_unreadable', {}, { reason: 'missing' });
  const source = await storage.mediaSource(filePath);
  const started = performance.now();
  const waveform = await withDecodeSlot(() =>
    computePeaks(source, {
      onFailure: (stderr) => ctx.log.warn({ filePath, stderr }, 'ffmpeg could not decode a data item'),
    }),
  );
  await storage.saveFile(
    waveformCachePath(filePath),
    Buffer.from(JSON.stringify({ version: CACHE_VERSION, ...waveform })),
  );
  ctx.log.info(
    { filePath, seconds: waveform.duration, ms: Math.round(performance.now() - started) },
    'waveform computed',
  );
  return waveform;
}

/**
 * `/data/waveform`: the cached waveform of an audio (or video) item of the caller's organisation, computed on the
 * first call. Items without a stored file (outside addresses) and other kinds answer `media_unreadable`.
 */
export async function readWaveform(ctx: TenantContext, itemId: number): Promise<TMediaWaveform> {
  const item = await waveformItem(ctx.db, ctx.session.siteId, itemId);
  if (item.kind !== 'audio' && item.kind !== 'video') {
    throw new AppError('media_unreadable', {}, { reason: 'not_audio' });
  }
  if (!item.filePath) throw new AppError('media_unreadable', {}, { reason: 'not_stored' });
  const filePath = item.filePath;
  const cached = await readCache(ctx.deps.storage, waveformCachePath(filePath));
  if (cached) return cached;
  let pending = inFlight.get(filePath);
  if (!pending) {
    pending = computeAndCache(ctx, filePath).finally(() => inFlight.delete(filePath));
    inFlight.set(filePath, pending);
  }
  return pending;
}
