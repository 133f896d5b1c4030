import { describe, expect, it } from 'vitest';
import { isStoredItemUrl, videoSourceChoice } from './video-source.ts';

const stored = (name: string) => ({ name, url: '/api/file/data-item/42' });

describe('videoSourceChoice', () => {
  it('tries mp4, webm and ogv files in the browser first', () => {
    for (const name of ['a.mp4', 'b.WEBM', 'c.ogv', 'no-extension']) {
      expect(videoSourceChoice(stored(name), false)).toEqual({ source: 'original' });
    }
  });

  it('asks the server at once for containers browsers do not play', () => {
    for (const name of ['a.avi', 'b.MKV', 'c.mov', 'd.wmv', 'e.flv', 'dir/f.ts']) {
      expect(videoSourceChoice(stored(name), false)).toEqual({ source: 'server', force: false });
    }
  });

  it('asks the server to convert whatever the browser failed on', () => {
    expect(videoSourceChoice(stored('hevc.mp4'), true)).toEqual({ source: 'server', force: true });
    expect(videoSourceChoice(stored('clip.avi'), true)).toEqual({ source: 'server', force: true });
  });

  it('cannot convert outside addresses: they play as they are or fail', () => {
    const outside = { name: 'clip.avi', url: 'https://cdn.example.com/clip.avi' };
    expect(videoSourceChoice(outside, false)).toEqual({ source: 'original' });
    expect(videoSourceChoice(outside, true)).toEqual({ source: 'none' });
    expect(videoSourceChoice({ name: 'x.mp4', url: null }, false)).toEqual({ source: 'none' });
    expect(isStoredItemUrl('/api/file/data-item/7')).toBe(true);
    expect(isStoredItemUrl('/api/file/attachment/7')).toBe(false);
  });
});
