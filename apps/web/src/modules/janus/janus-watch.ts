import { parseDisplay } from './janus-feeds.ts';

/**
 * Whose published feeds a page receives, by user id: a live room's page everyone, an exam candidate nobody (they must
 * never receive other candidates' cameras), the invigilators' grid the candidates of the page shown.
 */
export type WatchFilter = (userId: number) => boolean;
export const WATCH_EVERYONE: WatchFilter = () => true;
export const WATCH_NOBODY: WatchFilter = () => false;

/** Only these users' feeds. */
export function watchOnly(userIds: Iterable<number>): WatchFilter {
  const wanted = new Set(userIds);
  return (userId) => wanted.has(userId);
}

/** One publisher of the room: a user's camera or their screen. */
export interface Publisher {
  feedId: number;
  userId: number;
  screen: boolean;
}

/** One remote publisher the page receives: a user's camera and microphone, or their screen. */
export interface RemoteFeed extends Publisher {
  stream: MediaStream;
  peer: RTCPeerConnection;
  /** Counts the tracks received, so that a <video> takes the stream again when one arrives. */
  tracks: number;
}

/** How a page joins a room (janus-room.ts). */
export interface RoomOptions {
  /** Whose feeds to receive (everyone when not given); `JanusRoom.setWatch` changes it. */
  watch?: WatchFilter;
}

/**
 * The room's publishers as the page last heard of them (the join's list, then the room's events), received or not,
 * so that a new filter finds the feeds it now wants among those already published.
 */
export class PublisherDirectory {
  private readonly publishers = new Map<number, Publisher>();

  constructor(
    private readonly selfId: number,
    private watch: WatchFilter,
  ) {}

  /** Records a VideoRoom `publishers` list (the page's own feeds left out); answers those of them to receive. */
  add(list: unknown): Publisher[] {
    if (!Array.isArray(list)) return [];
    const wanted: Publisher[] = [];
    for (const item of list as { id?: unknown; display?: unknown }[]) {
      const who = parseDisplay(item.display);
      if (typeof item.id !== 'number' || !who || who.userId === this.selfId) continue;
      const publisher = { feedId: item.id, userId: who.userId, screen: who.screen };
      this.publishers.set(item.id, publisher);
      if (this.watch(who.userId)) wanted.push(publisher);
    }
    return wanted;
  }

  /** A feed unpublished, or its publisher gone. */
  remove(feedId: number): void {
    this.publishers.delete(feedId);
  }

  /**
   * Sets a new filter: answers the known feeds it wants that are not `received` yet, and the received ones it no
   * longer wants (or that are gone).
   */
  rewatch(watch: WatchFilter, received: Iterable<number>): { subscribe: Publisher[]; drop: number[] } {
    this.watch = watch;
    const have = new Set(received);
    const subscribe = [...this.publishers.values()].filter((p) => watch(p.userId) && !have.has(p.feedId));
    const drop = [...have].filter((feedId) => {
      const publisher = this.publishers.get(feedId);
      return !publisher || !watch(publisher.userId);
    });
    return { subscribe, drop };
  }
}
