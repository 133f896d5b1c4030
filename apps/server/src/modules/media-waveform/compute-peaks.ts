import { spawn } from 'node:child_process';
import { type TMediaWaveform, WAVEFORM_LIMITS } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';

/** Sample rate the audio is decoded at for its waveform (mono): enough for the envelope of speech. */
export const PEAK_SAMPLE_RATE = 8000;
/** The longest decode allowed (a 1-hour MP3 takes seconds). */
const DECODE_TIMEOUT_MS = 5 * 60_000;

/** Whether ffmpeg's input is a stored file's presigned URL on an S3-compatible store rather than a local path. */
const isUrl = (source: string) => /^https?:\/\//.test(source);

/**
 * The protocols ffmpeg may open for a stored file (`FileStorage.mediaSource`): a local path reads local files only;
 * a store's URL, HTTP(S) only. Either way a file cannot make ffmpeg open another kind of address.
 */
export function protocolsFor(source: string): string {
  return isUrl(source) ? 'http,https,tcp,tls' : 'file';
}

/** The extension of a local path or of a URL's path, lower case. */
export function extensionOfSource(source: string): string {
  const file = isUrl(source) ? new URL(source).pathname : source;
  return file.slice(file.lastIndexOf('.') + 1).toLowerCase();
}

/**
 * Collects the minimum and maximum of each bucket of 16-bit samples as they stream in (no buffer of the whole
 * audio), then merges neighbouring buckets so that at most `maxBuckets` remain.
 */
export class PeakAccumulator {
  private mins = new Int16Array(4096);
  private maxs = new Int16Array(4096);
  private count = 0;
  private inBucket = 0;
  private low = 0;
  private high = 0;
  private carry: number | null = null;
  samples = 0;

  constructor(
    readonly sampleRate: number,
    readonly bucketsPerSecond: number = WAVEFORM_LIMITS.bucketsPerSecond,
    readonly maxBuckets: number = WAVEFORM_LIMITS.maxBuckets,
  ) {}

  private get bucketSize() {
    return Math.max(1, Math.round(this.sampleRate / this.bucketsPerSecond));
  }

  private sample(value: number) {
    if (this.inBucket === 0) {
      this.low = value;
      this.high = value;
    } else if (value < this.low) this.low = value;
    else if (value > this.high) this.high = value;
    this.inBucket += 1;
    this.samples += 1;
    if (this.inBucket === this.bucketSize) this.closeBucket();
  }

  private closeBucket() {
    if (this.count === this.mins.length) {
      const grow = (old: Int16Array) => {
        const next = new Int16Array(old.length * 2);
        next.set(old);
        return next;
      };
      this.mins = grow(this.mins);
      this.maxs = grow(this.maxs);
    }
    this.mins[this.count] = this.low;
    this.maxs[this.count] = this.high;
    this.count += 1;
    this.inBucket = 0;
  }

  /** Little-endian signed 16-bit samples; a chunk may end in the middle of a sample. */
  push(chunk: Buffer) {
    let offset = 0;
    if (this.carry !== null && chunk.length > 0) {
      const value = ((chunk[0]! << 8) | this.carry) << 16;
      this.sample(value >> 16);
      this.carry = null;
      offset = 1;
    }
    const end = offset + Math.floor((chunk.length - offset) / 2) * 2;
    for (let i = offset; i < end; i += 2) this.sample(chunk.readInt16LE(i));
    if (end < chunk.length) this.carry = chunk[end]!;
  }

  /** The waveform: duration from the sample count, buckets merged down to `maxBuckets`, peaks as ±127 bytes. */
  finish(): TMediaWaveform {
    if (this.inBucket > 0) this.closeBucket();
    const factor = Math.max(1, Math.ceil(this.count / this.maxBuckets));
    const length = Math.ceil(this.count / factor);
    const bytes = Buffer.alloc(length * 2);
    const scale = (v: number) => Math.max(-127, Math.min(127, Math.round((v / 32768) * 127)));
    for (let b = 0; b < length; b++) {
      let low = 32767;
      let high = -32768;
      for (let i = b * factor; i < Math.min(this.count, (b + 1) * factor); i++) {
        if (this.mins[i]! < low) low = this.mins[i]!;
        if (this.maxs[i]! > high) high = this.maxs[i]!;
      }
      bytes.writeInt8(scale(low), b * 2);
      bytes.writeInt8(scale(high), b * 2 + 1);
    }
    const duration = this.samples / this.sampleRate;
    return {
      duration,
      buckets_per_second: this.bucketsPerSecond / factor,
      length,
      peaks: bytes.toString('base64'),
    };
  }
}

/**
 * ffmpeg's demuxer for each stored media extension. Naming it keeps ffmpeg from probing an uploaded file as a
 * playlist or concat list (formats that open other files); only local files may be read in any case.
 */
const DEMUXERS: Record<string, string> = {
  wav: 'wav',
  mp3: 'mp3',
  ogg: 'ogg',
  m4a: 'mov',
  mp4: 'mov',
  webm: 'matroska',
};

/** The ffmpeg program: `FFMPEG_PATH`, else `ffmpeg` from the PATH (Debian's package). */
export const ffmpegPath = () => process.env.FFMPEG_PATH || 'ffmpeg';

/**
 * Decodes the file with ffmpeg to mono 16-bit PCM at PEAK_SAMPLE_RATE, streamed through a PeakAccumulator.
 * No ffmpeg answers `ffmpeg_missing`; a file ffmpeg cannot decode (or without sound) `media_unreadable` (ffmpeg's
 * own message goes to `onFailure` for the log only: it names server paths).
 */
export function computePeaks(
  source: string,
  options: { ffmpeg?: string; onFailure?: (stderr: string) => void } = {},
): Promise<TMediaWaveform> {
  const demuxer = DEMUXERS[extensionOfSource(source)];
  return new Promise((resolve, reject) => {
    const child = spawn(
      options.ffmpeg ?? ffmpegPath(),
      [
        ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', protocolsFor(source)],
        ...(demuxer ? ['-f', demuxer] : []),
        ...['-i', source, '-vn', '-ac', '1'],
        ...['-ar', String(PEAK_SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const peaks = new PeakAccumulator(PEAK_SAMPLE_RATE);
    let stderr = '';
    let settled = false;
    const settle = (error: AppError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(peaks.finish());
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(new AppError('media_unreadable', {}, { reason: 'timeout' }));
    }, DECODE_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => peaks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      settle(
        error.code === 'ENOENT' || error.code === 'EACCES'
          ? new AppError('ffmpeg_missing')
          : new AppError('media_unreadable', {}, { reason: 'decode' }),
      );
    });
    child.on('close', (code) => {
      if (code === 0 && peaks.samples > 0) settle(null);
      else {
        options.onFailure?.(stderr.trim());
        settle(new AppError('media_unreadable', {}, { reason: 'decode' }));
      }
    });
  });
}
