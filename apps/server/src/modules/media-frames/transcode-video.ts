import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { AppError } from '../../platform/errors.ts';
import { ffmpegPath } from '../media-waveform/index.ts';
import { inputArgs, run } from './probe-video.ts';

/** The longest transcode allowed (a 10-minute 1080p file takes a few minutes on one core). */
const TRANSCODE_TIMEOUT_MS = 30 * 60_000;

/**
 * Transcodes the file's first video stream to an H.264 MP4 browsers play (8-bit 4:2:0, sizes padded to even
 * numbers at the right and bottom so that pixel coordinates stay those of the original, constant frame rate: `fps`
 * when given, else the source's, no sound, index at the front). ffmpeg writes a temporary file next to `target`,
 * renamed into place when complete: a reader never sees a part. Memory stays flat (ffmpeg streams file to file).
 */
export async function transcodeToMp4(
  source: string,
  target: string,
  options: { fps?: number; onFailure?: (stderr: string) => void } = {},
): Promise<void> {
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  const filters = [...(options.fps ? [`fps=${options.fps}`] : []), 'pad=ceil(iw/2)*2:ceil(ih/2)*2', 'format=yuv420p'];
  try {
    const answer = await run(
      ffmpegPath(),
      [
        ...['-nostdin', '-hide_banner', '-loglevel', 'error', ...inputArgs(source)],
        ...['-map', '0:v:0', '-vf', filters.join(','), '-fps_mode', 'cfr'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-an', '-sn', '-dn'],
        ...['-movflags', '+faststart', '-f', 'mp4', '-y', temp],
      ],
      TRANSCODE_TIMEOUT_MS,
    );
    if (answer.code !== 0) {
      options.onFailure?.(answer.stderr);
      throw new AppError('media_unreadable', {}, { reason: 'transcode' });
    }
    await rename(temp, target);
  } finally {
    await rm(temp, { force: true });
  }
}
