import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real video made by ffmpeg from its test pattern (tests only: needs ffmpeg, like the media tests of .ci/run).
 * `codec` is ffmpeg's encoder (`mpeg4`, `libx264`, `libvpx`...), the container follows the extension.
 */
export function ffmpegVideo(
  extension: string,
  codec: string,
  options: { seconds?: number; fps?: number; width?: number; height?: number; extra?: string[] } = {},
): Buffer {
  const { seconds = 2, fps = 10, width = 64, height = 48, extra = [] } = options;
  const dir = mkdtempSync(path.join(tmpdir(), 'video-sample-'));
  try {
    const file = path.join(dir, `sample.${extension}`);
    const made = spawnSync('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `testsrc=duration=${seconds}:size=${width}x${height}:rate=${fps}`],
      ...['-c:v', codec, ...extra, '-an', file],
    ]);
    if (made.status !== 0) throw new Error(`ffmpeg could not make ${file}: ${made.stderr.toString()}`);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
