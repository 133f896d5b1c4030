import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extensionOf } from '@app/contracts';
import { runProgram, ToolMissing } from '../../platform/run-program.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { browserPlays, ffprobePath, inputArgs } from '../media-frames/index.ts';
import { ffmpegPath } from '../media-waveform/index.ts';
import { viewKeyOf } from './source-files.ts';

/** What a conversion decided: the source's state, what browsers show of it, and why it is download-only or failed. */
export interface ConversionOutcome {
  status: 'ready' | 'failed';
  viewKey: string | null;
  failure: 'converter_missing' | 'convert_failed' | 'media_unreadable' | null;
  durationSeconds?: number | null;
}

const PROBE_TIMEOUT_MS = 60_000;
/** The longest transcode allowed (a lecture of an hour or two in 1080p). */
const TRANSCODE_TIMEOUT_MS = 3 * 3600_000;

/**
 * Containers a teaching video plays in as it is, with the sound browsers play in each (ffprobe's names); the picture
 * follows the platform's one rule for videos (`browserPlays`, VIDEO_PLAYABLE).
 */
const PLAYABLE_AUDIO: Readonly<Record<string, readonly string[]>> = {
  mp4: ['aac', 'mp3', 'opus'],
  m4v: ['aac', 'mp3', 'opus'],
  webm: ['opus', 'vorbis'],
};

interface Probe {
  video: { codec: string; pixFmt: string } | null;
  audio: string | null;
  duration: number | null;
}

/** ffprobe's view of the streams; null when it cannot read the file. Throws ToolMissing without ffprobe. */
async function probeStreams(source: string, onFailure: (stderr: string) => void): Promise<Probe | null> {
  const run = await runProgram(
    ffprobePath(),
    [
      ...['-v', 'error', ...inputArgs(source)],
      ...['-show_entries', 'stream=codec_type,codec_name,pix_fmt', '-show_entries', 'format=duration', '-of', 'json'],
    ],
    { timeoutMs: PROBE_TIMEOUT_MS },
  );
  type Stream = { codec_type?: string; codec_name?: string; pix_fmt?: string };
  let parsed: { streams?: Stream[]; format?: { duration?: string } } = {};
  try {
    parsed = JSON.parse(run.stdout || '{}');
  } catch {
    // Unreadable below.
  }
  if (run.code !== 0) {
    onFailure(run.stderr);
    return null;
  }
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && s.codec_name);
  const audio = parsed.streams?.find((s) => s.codec_type === 'audio' && s.codec_name);
  const duration = Number(parsed.format?.duration);
  return {
    video: video ? { codec: video.codec_name!, pixFmt: video.pix_fmt ?? '' } : null,
    audio: audio?.codec_name ?? null,
    duration: Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : null,
  };
}

/** Whether browsers play the file as it is: its container, its picture (`browserPlays`) and its sound. */
function playsAsIs(fileName: string, probe: Probe): boolean {
  const audio = PLAYABLE_AUDIO[extensionOf(fileName)];
  if (!audio || !probe.video || !browserPlays(fileName, probe.video)) return false;
  return probe.audio === null || audio.includes(probe.audio);
}

/**
 * Makes a video playable: probed with ffprobe where it is stored (a path, or the bucket's presigned URL); played as it
 * is when browsers can, else transcoded to H.264 + AAC MP4 keeping the sound, stored as the view beside it. Without
 * ffmpeg an mp4, webm or m4v is assumed playable (no length), any other is download-only (`converter_missing`); a file
 * ffprobe cannot read, or without a picture, fails (`media_unreadable`); a transcode that fails leaves it
 * download-only (`convert_failed`).
 */
export async function convertVideo(
  storage: FileStorage,
  source: { fileKey: string; fileName: string },
  options: { signal: AbortSignal; onFailure: (stderr: string) => void },
): Promise<ConversionOutcome | 'aborted'> {
  const address = await storage.mediaSource(source.fileKey);
  const missing = (): ConversionOutcome =>
    PLAYABLE_AUDIO[extensionOf(source.fileName)]
      ? { status: 'ready', viewKey: source.fileKey, failure: null, durationSeconds: null }
      : { status: 'ready', viewKey: null, failure: 'converter_missing' };
  let probe: Probe | null;
  try {
    probe = await probeStreams(address, options.onFailure);
  } catch (error) {
    if (error instanceof ToolMissing) return missing();
    throw error;
  }
  if (!probe?.video) return { status: 'failed', viewKey: null, failure: 'media_unreadable' };
  const durationSeconds = probe.duration;
  if (playsAsIs(source.fileName, probe)) {
    return { status: 'ready', viewKey: source.fileKey, failure: null, durationSeconds };
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'learnlabel-source-video-'));
  try {
    const target = path.join(folder, 'view.mp4');
    const run = await runProgram(
      ffmpegPath(),
      [
        ...['-nostdin', '-hide_banner', '-loglevel', 'error', ...inputArgs(address)],
        ...['-map', '0:v:0', '-map', '0:a:0?', '-vf', 'pad=ceil(iw/2)*2:ceil(ih/2)*2,format=yuv420p'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-c:a', 'aac', '-sn', '-dn'],
        ...['-movflags', '+faststart', '-f', 'mp4', '-y', target],
      ],
      { timeoutMs: TRANSCODE_TIMEOUT_MS, signal: options.signal },
    ).catch((error: unknown) => {
      if (error instanceof ToolMissing) return null;
      throw error;
    });
    if (run === null) return { status: 'ready', viewKey: null, failure: 'converter_missing', durationSeconds };
    if (options.signal.aborted) return 'aborted';
    if (run.code !== 0) {
      options.onFailure(run.timedOut ? 'timed out' : run.stderr);
      return { status: 'ready', viewKey: null, failure: 'convert_failed', durationSeconds };
    }
    const viewKey = viewKeyOf(source.fileKey, 'mp4');
    await storage.saveLocalFile(viewKey, target);
    return { status: 'ready', viewKey, failure: null, durationSeconds };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
