import { DATA_FILE_URL, type TVideoFrames, VIDEO_PLAY_URL } from '@app/contracts';
import { concurrencyLimit } from '../../platform/concurrency-limit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { waveformItem } from '../media-waveform/index.ts';
import { playCachePath } from '../project-data/index.ts';
import { browserPlays, probeVideo, type VideoProbe } from './probe-video.ts';
import { transcodeToMp4 } from './transcode-video.ts';

/** ffmpeg transcodes at once in this server process (each one uses the CPU fully). */
const MAX_TRANSCODES = 1;

/** Copies being made, by absolute cache path: a second caller waits for the same ffmpeg run. */
const inFlight = new Map<string, Promise<void>>();

const withTranscodeSlot = concurrencyLimit(MAX_TRANSCODES);

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
  const source = storage.absolutePath(filePath);
  if (!source || (await storage.sizeOf(filePath)) === null) {
    throw new AppError('media_unreadable', {}, { reason: 'missing' });
  }
  const onFailure = (stderr: string) => ctx.log.warn({ filePath, stderr }, 'ffmpeg could not read a video item');
  const original = await probeVideo(source, { onFailure });
  if (!input.force && browserPlays(filePath, original)) {
    return answer('original', DATA_FILE_URL.item(item.id), original, original.codec);
  }

  const cachePath = playCachePath(filePath, input.fps);
  const target = storage.absolutePath(cachePath);
  if (!target) throw new AppError('media_unreadable', {}, { reason: 'missing' });
  if ((await storage.sizeOf(cachePath)) === null) {
    let pending = inFlight.get(target);
    if (!pending) {
      const started = performance.now();
      pending = withTranscodeSlot(() => transcodeToMp4(source, target, { fps: input.fps, onFailure }))
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
        .finally(() => inFlight.delete(target));
      inFlight.set(target, pending);
    }
    await pending;
  }
  const copy = await probeVideo(target, { onFailure });
  return answer('transcoded', VIDEO_PLAY_URL(item.id, input.fps), copy, original.codec);
}
