import type { RemoteFeed } from '../janus/index.ts';

/** Under five minutes left: the tile's clock turns red. */
export const LOW_TIME_MS = 5 * 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The time left to a deadline as a clock, "m:ss" under an hour and "h:mm:ss" beyond, "0:00" once past; null without
 * a deadline (`now` and the deadline in ms since the epoch).
 */
export function remainingText(deadline: string | null, now: number): string | null {
  if (!deadline) return null;
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return null;
  const seconds = Math.max(0, Math.ceil((at - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Whether the deadline is near (or past). */
export function timeIsLow(deadline: string | null, now: number): boolean {
  return deadline !== null && Date.parse(deadline) - now < LOW_TIME_MS;
}

/**
 * Each candidate's camera among the feeds received (in the order they were subscribed), or with `screen` each one's
 * shared screen: a user's newest feed of that kind (a candidate who reconnected may still have the former one until
 * Janus drops it).
 */
export function feedsByUser(feeds: readonly RemoteFeed[], screen = false): Map<number, RemoteFeed> {
  const byUser = new Map<number, RemoteFeed>();
  for (const feed of feeds) if (feed.screen === screen) byUser.set(feed.userId, feed);
  return byUser;
}

/** The page of a grid of `total` candidates that exists: the page asked for, or the last one. */
export function pageWithin(page: number, total: number, perPage: number): number {
  return Math.max(1, Math.min(page, Math.ceil(total / perPage)));
}
