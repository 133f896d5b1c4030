import { z } from 'zod';
import { procedure } from '../procedure.ts';

/**
 * Server-side frames of video data items (docs/annotation-tools.md, "Video"): the video tool plays the stored file in a
 * `<video>` element, and asks here when the browser cannot play it. The server probes the file with ffprobe and,
 * when its container and codec are not ones browsers play (see VIDEO_PLAYABLE) or when the client asks, transcodes
 * it once to an H.264 MP4 cached next to the file, served by VIDEO_PLAY_URL.
 */

/** Containers (by file extension) and the video codecs (ffprobe names) browsers are expected to play in them. */
export const VIDEO_PLAYABLE: Readonly<Record<string, readonly string[]>> = {
  mp4: ['h264', 'av1', 'vp9'],
  m4v: ['h264', 'av1', 'vp9'],
  webm: ['vp8', 'vp9', 'av1'],
  ogv: ['theora'],
  ogg: ['theora'],
};

/**
 * The transcoded copy of a video item (H.264 MP4, at a constant `fps` when one was asked for), served like the
 * item's file (Range requests, the same read keys); 404 until `/data/video-frames` has made it.
 */
export const VIDEO_PLAY_URL = (itemId: number, fps?: number) =>
  `/api/file/video-play/${itemId}${fps ? `?fps=${fps}` : ''}`;

export const ZVideoFrames = z.object({
  /** `original`: the stored file plays as it is; `transcoded`: play the H.264 copy at `url`. */
  kind: z.enum(['original', 'transcoded']),
  url: z.string(),
  /** Frames per second of the file answered at `url` (its average rate). */
  fps: z.number().nonnegative(),
  frame_count: z.number().int().nonnegative(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  /** Seconds. */
  duration: z.number().nonnegative(),
  /** The stored file's video codec as ffprobe names it (e.g. `h264`, `mpeg4`, `hevc`). */
  codec: z.string(),
});
export type TVideoFrames = z.infer<typeof ZVideoFrames>;

export const mediaFramesProcedures = {
  dataVideoFrames: procedure({
    path: '/data/video-frames',
    summary:
      "A video item's size, frame rate and frame count (ffprobe), and a URL the browser can play: the stored file " +
      'when its container and codec are playable, else (or with `force`) an H.264 MP4 made once by ffmpeg and ' +
      'cached (at a constant `fps` when given). `ffmpeg_missing` without ffmpeg, `media_unreadable` for a file ' +
      'ffmpeg cannot decode.',
    input: z.object({
      item_id: z.number().int().positive(),
      /** Transcode even when the file looks playable (the browser failed to play it). */
      force: z.boolean().optional(),
      /** The template's frame rate: the copy gets exactly this constant rate. */
      fps: z.number().int().min(1).max(20).optional(),
    }),
    output: ZVideoFrames,
    tenantIds: { item_id: 'data_item' },
  }),
};
