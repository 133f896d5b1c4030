import { describe, expect, it } from 'vitest';
import {
  adjacentKeyFrame,
  boxAt,
  clampFps,
  coversWhole,
  frameAt,
  frameCount,
  frameTime,
  keyFrameNumbers,
  removeKeyFrame,
  setKeyFrame,
  setOutside,
  type VideoTrack,
} from './track-model.ts';

const track = (frames: VideoTrack['frames'], attributes?: Record<string, unknown>): VideoTrack => ({
  id: 't1',
  tool: 'track',
  type: 'video_track',
  frames,
  ...(attributes ? { attributes } : {}),
});
const key = (frame: number, x: number, y: number, w = 10, h = 10) => ({ frame, x, y, w, h, key: true });

describe('boxAt', () => {
  const t = track([key(0, 0, 0, 10, 20), key(9, 90, 45, 30, 40)]);

  it('answers the key frames themselves', () => {
    expect(boxAt(t, 0)).toEqual({ x: 0, y: 0, w: 10, h: 20, frame: 0, key: true, outside: false });
    expect(boxAt(t, 9)).toMatchObject({ x: 90, y: 45, w: 30, h: 40, key: true });
  });

  it('interpolates linearly between key frames', () => {
    // Frame 4 lies 4/9 of the way from frame 0 to frame 9.
    expect(boxAt(t, 4)).toEqual({ x: 40, y: 20, w: 18.89, h: 28.89, frame: 4, key: false, outside: false });
    expect(boxAt(t, 3)).toMatchObject({ x: 30, y: 15 });
  });

  it('shows nothing before the first key frame and holds the last box after the last one', () => {
    const late = track([key(5, 1, 2)]);
    expect(boxAt(late, 4)).toBeNull();
    expect(boxAt(late, 20)).toMatchObject({ x: 1, y: 2, key: false, outside: false });
  });

  it('reads key frames in any order and ignores stored interpolated frames', () => {
    const mixed = track([key(10, 100, 0), { frame: 5, x: 999, y: 999, w: 1, h: 1, key: false }, key(0, 0, 0)]);
    expect(boxAt(mixed, 5)).toMatchObject({ x: 50, y: 0, key: false });
    expect(keyFrameNumbers(mixed)).toEqual([0, 10]);
  });

  it('hides the object from an outside key frame until the next key frame', () => {
    const gone = track([key(0, 0, 0), key(4, 40, 0), key(8, 80, 0)], { outside: [4] });
    expect(boxAt(gone, 2)).toMatchObject({ x: 20, outside: false });
    expect(boxAt(gone, 4)).toMatchObject({ outside: true, key: true });
    expect(boxAt(gone, 6)).toMatchObject({ outside: true, key: false });
    expect(boxAt(gone, 8)).toMatchObject({ x: 80, outside: false });
  });
});

describe('editing key frames', () => {
  it('adds a key frame in order and replaces one on the same frame', () => {
    let t = track([key(0, 0, 0)]);
    t = setKeyFrame(t, 10, { x: 100, y: 50, w: 10, h: 10 });
    t = setKeyFrame(t, 5, { x: 1.234, y: 2, w: 3, h: 4 });
    expect(keyFrameNumbers(t)).toEqual([0, 5, 10]);
    expect(t.frames[1]).toEqual({ frame: 5, x: 1.23, y: 2, w: 3, h: 4, key: true });
    t = setKeyFrame(t, 5, { x: 7, y: 7, w: 7, h: 7 });
    expect(t.frames).toHaveLength(3);
    expect(boxAt(t, 5)).toMatchObject({ x: 7, key: true });
  });

  it('removes a key frame, and the whole track with its last one', () => {
    const t = track([key(0, 0, 0), key(10, 100, 0)]);
    const one = removeKeyFrame(t, 10);
    expect(one && keyFrameNumbers(one)).toEqual([0]);
    expect(one && removeKeyFrame(one, 0)).toBeNull();
  });

  it('marks the object outside from a frame (keeping the box there) and back inside', () => {
    const t = track([key(0, 0, 0), key(10, 100, 0)]);
    const gone = setOutside(t, 5, true);
    expect(keyFrameNumbers(gone)).toEqual([0, 5, 10]);
    expect(gone.attributes).toEqual({ outside: [5] });
    expect(boxAt(gone, 3)).toMatchObject({ x: 30, outside: false });
    expect(boxAt(gone, 7)).toMatchObject({ outside: true });
    const back = setOutside(gone, 5, false);
    expect(back.attributes).toBeUndefined();
    expect(boxAt(back, 7)).toMatchObject({ x: 70, outside: false });
  });

  it('finds the neighbouring key frames', () => {
    const t = track([key(2, 0, 0), key(6, 0, 0), key(9, 0, 0)]);
    expect(adjacentKeyFrame(t, 6, -1)).toBe(2);
    expect(adjacentKeyFrame(t, 6, 1)).toBe(9);
    expect(adjacentKeyFrame(t, 2, -1)).toBeNull();
  });
});

describe('frames and time', () => {
  it('numbers frames so that each one is shown in the middle of its interval', () => {
    expect(frameCount(3, 10)).toBe(30);
    expect(frameCount(3.04, 10)).toBe(30);
    expect(frameCount(3.06, 10)).toBe(31);
    expect(frameCount(Number.POSITIVE_INFINITY, 10)).toBe(1);
    expect(frameTime(0, 10)).toBeCloseTo(0.05);
    expect(frameTime(29, 10)).toBeCloseTo(2.95);
    expect(frameAt(frameTime(7, 4), 4, 100)).toBe(7);
    expect(frameAt(2.999, 10, 30)).toBe(29);
    expect(frameAt(5, 10, 30)).toBe(29);
  });

  it('keeps the frame rate within 1 to 20', () => {
    expect(clampFps(0)).toBe(10);
    expect(clampFps(25)).toBe(20);
    expect(clampFps(1)).toBe(1);
  });

  it('knows when the played ranges cover the whole video', () => {
    expect(coversWhole([[0.05, 3]], 3, 10)).toBe(true);
    expect(
      coversWhole(
        [
          [1.5, 3],
          [0, 1.45],
        ],
        3,
        10,
      ),
    ).toBe(true);
    expect(coversWhole([[0, 2.5]], 3, 10)).toBe(false);
    expect(
      coversWhole(
        [
          [0, 1],
          [2, 3],
        ],
        3,
        10,
      ),
    ).toBe(false);
    expect(coversWhole([], 3, 10)).toBe(false);
  });
});
