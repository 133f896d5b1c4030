import { describe, expect, it } from 'vitest';
import { PublisherDirectory, WATCH_EVERYONE, WATCH_NOBODY, watchOnly } from './janus-watch.ts';

/** A VideoRoom `publishers` list as Janus sends it (feed ids as the pages make them: userId × 1000 + n). */
const published = (...displays: string[]) =>
  displays.map((display) => ({
    id: Number(display.split(':')[0]) * 1000 + (display.endsWith(':screen') ? 500 : 1),
    display,
  }));
const feedIds = (list: { feedId: number }[]) => list.map((p) => p.feedId);

describe('whose feeds a page receives', () => {
  it('a live room receives everyone but itself, screens included, and skips displays not of the platform', () => {
    const directory = new PublisherDirectory(1, WATCH_EVERYONE);
    const wanted = directory.add([...published('1', '2', '3:screen'), { id: 9, display: 'guest' }, { display: '4' }]);
    expect(wanted).toEqual([
      { feedId: 2001, userId: 2, screen: false },
      { feedId: 3500, userId: 3, screen: true },
    ]);
    expect(directory.add(undefined)).toEqual([]);
  });

  it('an exam candidate receives nobody, even after other candidates publish', () => {
    const directory = new PublisherDirectory(5, WATCH_NOBODY);
    expect(directory.add(published('6', '7'))).toEqual([]);
    expect(directory.add(published('8'))).toEqual([]);
  });

  it('the grid receives the page shown, then swaps to the next page without leaving anyone received twice', () => {
    const directory = new PublisherDirectory(100, watchOnly([2, 3]));
    const first = directory.add(published('2', '3', '4', '5'));
    expect(feedIds(first)).toEqual([2001, 3001]);
    // The next page: 4 and 5 are subscribed (already published), 2 and 3 dropped.
    const next = directory.rewatch(watchOnly([4, 5]), feedIds(first));
    expect(feedIds(next.subscribe)).toEqual([4001, 5001]);
    expect(next.drop).toEqual([2001, 3001]);
    // The same page again changes nothing.
    expect(directory.rewatch(watchOnly([4, 5]), [4001, 5001])).toEqual({ subscribe: [], drop: [] });
  });

  it('forgets feeds unpublished, and drops a received feed it no longer knows', () => {
    const directory = new PublisherDirectory(100, WATCH_NOBODY);
    directory.add(published('2', '3'));
    directory.remove(2001);
    const now = directory.rewatch(WATCH_EVERYONE, [9001]);
    expect(feedIds(now.subscribe)).toEqual([3001]);
    expect(now.drop).toEqual([9001]);
  });
});
