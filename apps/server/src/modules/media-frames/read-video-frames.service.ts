import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATA_FILE_URL, type TVideoFrames, VIDEO_PLAY_URL } from '@app/contracts';
import { concurrencyLimit } from '../../platform/concurrency-limit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { waveformItem } from '../media-waveform/index.ts';
import { playCachePath } from '../project-data/index.ts';
import { browserPlays, probeVideo, type VideoProbe } from './probe-video.ts';
import { transcodeToMp4 } from './transcode-video.ts';

/** ffmpeg transcodes at once in this server process (each one uses the CPU fully). */
const MAX_TRANSCODES = 1;

/** Copies being made in this process, by cache key: a second caller waits for the same ffmpeg run. */
const inFlight = new Map<string, Promise<void>>();

const withTranscodeSlot = concurrencyLimit(MAX_TRANSCODES);

/** Transcodes into a temporary folder on this machine, then stores the copy under `cachePath`. */
async function transcodeIntoStore(
  storage: FileStorage,
  source: string,
  cachePath: string,
  options: Parameters<typeof transcodeToMp4>[2],
): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'learnlabel-transcode-'));
  try {
    const target = path.join(folder, 'play.mp4');
    await transcodeToMp4(source, target, options);
    await storage.saveLocalFile(cachePath, target);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const answer = (kind: TVideoFrames['kind'], url: string, probe: VideoProbe, codec: string): TVideoFrames => ({
  kind,
  url,
  fps: probe.fps,
  frame_count: probe.frameCount,
  width: probe.width,
  height: probe.height,
  duration: probe.duration,
  codec,
});

/**
 * `/data/video-frames`: the video item's metadata and a URL the browser can play. A playable file (VIDEO_PLAYABLE)
 * answers its own URL unless `force`; any other is transcoded once to an H.264 MP4 cached next to it (callers asking
 * at once share one ffmpeg run) and answers the copy's URL and metadata. Items that are not stored videos answer
 * `media_unreadable`.
 */
export async function readVideoFrames(
  ctx: TenantContext,
  input: { item_id: number; force?: boolean; fps?: number },
): Promise<TVideoFrames> {
  const item = await waveformItem(ctx.db, ctx.session.siteId, input.item_id);
  if (item.kind !== 'video') throw new AppError('media_unreadable', {}, { reason: 'not_video' });
  if (!item.filePath) throw new AppError('media_unreadable', {}, { reason: 'not_stored' });
  const storage = ctx.deps.storage;
  const filePath = item.filePath;
  if ((await storage.sizeOf(filePath)) === null) throw new AppError('media_unreadable', {}, { reason: 'missing' });
  const source = await storage.mediaSource(filePath);
  const onFailure = (stderr: string) => ctx.log.warn({ filePath, stderr }, 'ffmpeg could not read a video item');
  const original = await probeVideo(source, { onFailure });
  if (!input.force && browserPlays(filePath, original)) {
    return answer('original', DATA_FILE_URL.item(item.id), original, original.codec);
  }

  const cachePath = playCachePath(filePath, input.fps);
  if ((await storage.sizeOf(cachePath)) === null) {
    let pending = inFlight.get(cachePath);
    if (!pending) {
      const started = performance.now();
      pending = withTranscodeSlot(() => transcodeIntoStore(storage, source, cachePath, { fps: input.fps, onFailure }))
        .then(() =>
          ctx.log.info(
            {
              filePath,
              codec: original.codec,
              seconds: original.duration,
              ms: Math.round(performance.now() - started),
            },
            'video transcoded for the browser',
          ),
        )
        .finally(() => inFlight.delete(cachePath));
      inFlight.set(cachePath, pending);
    }
    await pending;
  }
  const copy = await probeVideo(await storage.mediaSource(cachePath), { onFailure });
  return answer('transcoded', VIDEO_PLAY_URL(item.id, input.fps), copy, original.codec);
}
