import { describe, expect, it } from 'vitest';
import type { RemoteFeed } from '../janus/index.ts';
import { feedsByUser, pageWithin, remainingText, timeIsLow } from './grid.ts';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('the invigilation grid', () => {
  it('shows the time left as a clock: m:ss under an hour, h:mm:ss beyond, 0:00 once past', () => {
    expect(remainingText(at(59_000), NOW)).toBe('0:59');
    expect(remainingText(at(9 * 60_000 + 5_000), NOW)).toBe('9:05');
    expect(remainingText(at(59 * 60_000 + 59_000), NOW)).toBe('59:59');
    expect(remainingText(at(3_600_000), NOW)).toBe('1:00:00');
    expect(remainingText(at(2 * 3_600_000 + 61_000), NOW)).toBe('2:01:01');
    // A part of a second left counts as a second (the clock reaches 0:00 at the deadline).
    expect(remainingText(at(400), NOW)).toBe('0:01');
    expect(remainingText(at(-5_000), NOW)).toBe('0:00');
    expect(remainingText(null, NOW)).toBeNull();
    expect(remainingText('not a time', NOW)).toBeNull();
  });

  it('turns the clock red under five minutes', () => {
    expect(timeIsLow(at(5 * 60_000 + 1_000), NOW)).toBe(false);
    expect(timeIsLow(at(4 * 60_000), NOW)).toBe(true);
    expect(timeIsLow(at(-1), NOW)).toBe(true);
    expect(timeIsLow(null, NOW)).toBe(false);
  });

  it("takes each candidate's newest camera feed and newest screen feed apart", () => {
    const feed = (feedId: number, userId: number, screen = false) => ({ feedId, userId, screen }) as RemoteFeed;
    const feeds = [feed(5490, 5), feed(6001, 6), feed(5002, 5), feed(6500, 6, true), feed(6731, 6, true)];
    const cameras = feedsByUser(feeds);
    expect([...cameras.keys()]).toEqual([5, 6]);
    expect(cameras.get(5)?.feedId).toBe(5002);
    expect(cameras.get(6)?.feedId).toBe(6001);
    const screens = feedsByUser(feeds, true);
    expect([...screens.keys()]).toEqual([6]);
    expect(screens.get(6)?.feedId).toBe(6731);
  });

  it('keeps the page within the pages there are', () => {
    expect(pageWithin(2, 40, 16)).toBe(2);
    expect(pageWithin(3, 32, 16)).toBe(2);
    expect(pageWithin(4, 0, 16)).toBe(1);
    expect(pageWithin(1, 0, 16)).toBe(1);
  });
});
