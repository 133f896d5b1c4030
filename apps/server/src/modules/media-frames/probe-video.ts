import path from 'node:path';
import { VIDEO_PLAYABLE } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import { runProgram, ToolMissing } from '../../platform/run-program.ts';
import { extensionOfSource, ffmpegPath, protocolsFor } from '../media-waveform/index.ts';

/** What ffprobe says about a file's first video stream. */
export interface VideoProbe {
  /** ffprobe's codec name (`h264`, `mpeg4`, `hevc`, `vp9`...). */
  codec: string;
  /** Pixel format: browsers play H.264 in 8-bit 4:2:0 only. */
  pixFmt: string;
  width: number;
  height: number;
  fps: number;
  duration: number;
  frameCount: number;
}

/** The longest probe allowed. */
const PROBE_TIMEOUT_MS = 60_000;

/** The ffprobe program: `FFPROBE_PATH`, else the one next to `FFMPEG_PATH`, else `ffprobe` from the PATH. */
export function ffprobePath(): string {
  if (process.env.FFPROBE_PATH) return process.env.FFPROBE_PATH;
  const ffmpeg = ffmpegPath();
  return ffmpeg.includes('/') ? path.join(path.dirname(ffmpeg), 'ffprobe') : 'ffprobe';
}

/**
 * ffmpeg's demuxer for each video extension. Naming it keeps ffmpeg from reading an uploaded file as a playlist or
 * a concat list (formats that open other files); `-protocol_whitelist` lets it read the file alone (`protocolsFor`).
 */
const DEMUXERS: Record<string, string> = {
  mp4: 'mov',
  m4v: 'mov',
  mov: 'mov',
  webm: 'matroska',
  mkv: 'matroska',
  avi: 'avi',
  ogv: 'ogg',
  ogg: 'ogg',
  flv: 'flv',
  wmv: 'asf',
  asf: 'asf',
  mpg: 'mpeg',
  mpeg: 'mpeg',
  ts: 'mpegts',
};

const extensionOfPath = (file: string) => file.slice(file.lastIndexOf('.') + 1).toLowerCase();

/** The input options for a stored video (a path or the store's URL): nothing else opened, the demuxer its extension names. */
export function inputArgs(source: string): string[] {
  const demuxer = DEMUXERS[extensionOfSource(source)];
  return ['-protocol_whitelist', protocolsFor(source), ...(demuxer ? ['-f', demuxer] : []), '-i', source];
}

/** `30000/1001` → 29.97; `0/0` → 0. */
function rate(text: string | undefined): number {
  const [num, den] = (text ?? '').split('/').map(Number);
  if (!num || !Number.isFinite(num)) return 0;
  return den ? num / den : num;
}

/** Runs ffprobe or ffmpeg to the end (`runProgram`); a missing program answers `ffmpeg_missing`. */
export async function run(
  program: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  try {
    return await runProgram(program, args, { timeoutMs });
  } catch (error) {
    if (error instanceof ToolMissing) throw new AppError('ffmpeg_missing');
    throw new AppError('media_unreadable', {}, { reason: 'spawn' });
  }
}

/**
 * ffprobe's view of the file's first video stream. No ffprobe answers `ffmpeg_missing`; a file it cannot read, or
 * without video, `media_unreadable` (ffprobe's own message goes to `onFailure` for the log: it names server paths).
 */
export async function probeVideo(
  source: string,
  options: { onFailure?: (stderr: string) => void } = {},
): Promise<VideoProbe> {
  const answer = await run(
    ffprobePath(),
    [
      ...['-v', 'error', ...inputArgs(source), '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=codec_name,pix_fmt,width,height,avg_frame_rate,r_frame_rate,nb_frames,duration'],
      ...['-show_entries', 'format=duration', '-of', 'json'],
    ],
    PROBE_TIMEOUT_MS,
  );
  type Stream = Partial<Record<'codec_name' | 'pix_fmt' | 'avg_frame_rate' | 'r_frame_rate', string>> & {
    width?: number;
    height?: number;
    nb_frames?: string;
    duration?: string;
  };
  let parsed: { streams?: Stream[]; format?: { duration?: string } } = {};
  try {
    parsed = JSON.parse(answer.stdout || '{}');
  } catch {
    // Reported below as unreadable.
  }
  const stream = parsed.streams?.[0];
  if (answer.code !== 0 || !stream?.codec_name || !stream.width || !stream.height) {
    options.onFailure?.(answer.stderr);
    throw new AppError('media_unreadable', {}, { reason: answer.code === 0 ? 'no_video' : 'probe' });
  }
  const fps = rate(stream.avg_frame_rate) || rate(stream.r_frame_rate);
  const duration = Number(parsed.format?.duration ?? stream.duration) || Number(stream.duration) || 0;
  const counted = Number(stream.nb_frames);
  return {
    codec: stream.codec_name,
    pixFmt: stream.pix_fmt ?? '',
    width: stream.width,
    height: stream.height,
    fps: Math.round(fps * 1000) / 1000,
    duration,
    frameCount: counted > 0 ? counted : Math.round(duration * fps),
  };
}

/**
 * Whether browsers can be expected to play the file as it is: its container (by extension) and codec are in
 * VIDEO_PLAYABLE, and H.264 is 8-bit 4:2:0 (High 10 and 4:4:4 profiles do not play in browsers).
 */
export function browserPlays(fileName: string, probe: Pick<VideoProbe, 'codec' | 'pixFmt'>): boolean {
  const codecs = VIDEO_PLAYABLE[extensionOfPath(fileName)];
  if (!codecs?.includes(probe.codec)) return false;
  if (probe.codec === 'h264') return probe.pixFmt === 'yuv420p' || probe.pixFmt === 'yuvj420p';
  return true;
}
