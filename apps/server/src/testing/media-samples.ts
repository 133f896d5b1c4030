import { encodePcd, encodePng, toneWav } from '../platform/media-encoders.ts';

/** Small real media files made in code (tests, benchmarks, demo data): no download, no binary fixtures. */

/** A truecolour PNG of `width` x `height` filled with a gradient from `seed`. */
export function pngImage(width = 16, height = 16, seed = 0): Buffer {
  return encodePng(width, height, (x, y) => [(x * 16 + seed) & 0xff, (y * 16 + seed) & 0xff, (seed * 7) & 0xff]);
}

/** A real 8 x 8 baseline JPEG (orange, made by ffmpeg). */
export function jpegImage(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgKCgsKCw0NDQ0NDRAPEBAQEBAQEBAQEBASEhIVFRUSEhIQEBISFBQVFRcXFxUVFRUXFxkZGR4eHBwjIyQrKzP/xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAABgcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAIAAgDASIAAhEAAxEA/9oADAMBAAIRAxEAPwCtAR06f//Z',
    'base64',
  );
}

/** A mono 16-bit PCM WAV of a sine tone. */
export function wavAudio(seconds = 0.1, hz = 440, sampleRate = 8000): Buffer {
  return toneWav([{ hz, seconds }], { sampleRate, gapSeconds: 0 });
}

/** An ASCII PCD point cloud of `points` points on a line. */
export function pcdCloud(points = 4): Buffer {
  return encodePcd(Array.from({ length: points }, (_, i) => [i, i * 0.5, 0] as const));
}
