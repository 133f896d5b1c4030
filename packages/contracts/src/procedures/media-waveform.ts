import { z } from 'zod';
import { procedure } from '../procedure.ts';

/**
 * Precomputed waveforms of audio data items (docs/annotation-tools.md, "Audio"): the audio tool draws a long file from
 * these peaks instead of decoding it in the browser. The server decodes the file once with ffmpeg (mono, low
 * sample rate), keeps the minimum and maximum of each bucket, and caches the answer next to the file.
 */
export const WAVEFORM_LIMITS = {
  /** Buckets per second of audio at most (fewer for long files). */
  bucketsPerSecond: 100,
  /** Buckets in one answer at most: a 1-hour file gets 50 per second. */
  maxBuckets: 200_000,
} as const;

export const ZMediaWaveform = z.object({
  /** Length of the audio in seconds. */
  duration: z.number().nonnegative(),
  /** Buckets per second of audio (`length / duration`, up to rounding). */
  buckets_per_second: z.number().positive(),
  /** Number of buckets. */
  length: z.number().int().nonnegative(),
  /**
   * Base64 of `2 * length` signed bytes: the minimum and maximum sample of each bucket in turn, scaled so that
   * full scale is ±127.
   */
  peaks: z.string(),
});
export type TMediaWaveform = z.infer<typeof ZMediaWaveform>;

export const mediaWaveformProcedures = {
  dataWaveform: procedure({
    path: '/data/waveform',
    summary:
      "An audio item's waveform peaks (min/max per bucket), computed once with ffmpeg and cached; answers " +
      '`ffmpeg_missing` when the server has no ffmpeg and `media_unreadable` when the file cannot be decoded.',
    input: z.object({ item_id: z.number().int().positive() }),
    output: ZMediaWaveform,
    tenantIds: { item_id: 'data_item' },
  }),
};
