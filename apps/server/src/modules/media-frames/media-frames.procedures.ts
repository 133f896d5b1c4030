import { mediaFramesProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { readVideoFrames } from './read-video-frames.service.ts';

/** Video metadata and a browser-playable copy of video items (ffprobe/ffmpeg, cached in the file store). */
export const mediaFramesImplementations = [
  implement(p.dataVideoFrames, async (input, ctx) => readVideoFrames(ctx, input)),
];
