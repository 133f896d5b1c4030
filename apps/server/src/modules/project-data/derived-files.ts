/**
 * Copies the media modules make from a data item's stored file, cached next to it: removing the item removes them
 * (remove-data.service.ts), so their names are kept here with the item's file.
 */

/** Where an item's waveform is cached: next to its file (`<file>.waveform.json`). */
export const waveformCachePath = (filePath: string) => `${filePath}.waveform.json`;

/** Where an item's playable copy is cached: next to its file (`<file>.play.mp4`, `<file>.play.5fps.mp4`). */
export const playCachePath = (filePath: string, fps?: number) => `${filePath}.play${fps ? `.${fps}fps` : ''}.mp4`;

/** Every copy an item's file may have (without a rate, and at each template rate 1-20): removed with the file. */
export const playCachePaths = (filePath: string) => [
  playCachePath(filePath),
  ...Array.from({ length: 20 }, (_, i) => playCachePath(filePath, i + 1)),
];
