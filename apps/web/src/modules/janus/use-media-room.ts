import type { TJoinCredentials } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api.ts';
import { JanusRoom, type RemoteFeed } from './janus-room.ts';
import type { WatchFilter } from './janus-watch.ts';

/**
 * off: not wanted; connecting; connected; reconnecting after a loss; failed (the next attempt is scheduled);
 * unconfigured: no media server (`live_media_unconfigured`, or a provider this client does not carry); refused: the
 * server refused the credentials (no retry).
 */
export type MediaRoomPhase =
  | 'off'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'failed'
  | 'unconfigured'
  | 'refused';

export interface MediaRoomOptions {
  /** Connected while true. */
  enabled: boolean;
  userId: number;
  /** The credentials of the media room, asked at every connect (they expire); another function is another room. */
  credentials: () => Promise<TJoinCredentials>;
  /** Whose feeds to receive; a new filter is applied to the open room. */
  watch: WatchFilter;
}

/** Growing delays between connection attempts, as the live rooms wait (modules/live-rooms, use-live-media.ts). */
const RETRY_SECONDS = [2, 4, 8, 15, 30];

/** A failure the server will answer the same way next time (refused, not found): not worth retrying. */
const refusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);

/**
 * A page's connection to a media room outside the live rooms (an exam's camera, the invigilators' grid): joins while
 * `enabled`, receives the feeds `watch` wants, and connects again after a loss or a failure (growing delays; at once
 * when the browser is back online, or on `retry()`). `fail()` drops the room and tries again later (a publish that
 * failed). Publishing is the caller's: `room` is the open room.
 */
export function useMediaRoom(options: MediaRoomOptions) {
  const { enabled, userId, credentials, watch } = options;
  const watching = useRef(watch);
  watching.current = watch;
  const [phase, setPhase] = useState<MediaRoomPhase>('off');
  const [room, setRoom] = useState<JanusRoom | null>(null);
  const [feeds, setFeeds] = useState<RemoteFeed[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const failures = useRef(0);
  const failNow = useRef<(error: unknown) => void>(() => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` connects again
  useEffect(() => {
    if (!enabled) {
      failures.current = 0;
      setPhase('off');
      return;
    }
    let cancelled = false;
    let opened: JanusRoom | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = (next: MediaRoomPhase) => {
      opened?.close();
      opened = null;
      setRoom(null);
      setFeeds([]);
      setPhase(next);
      const seconds = RETRY_SECONDS[Math.min(failures.current, RETRY_SECONDS.length - 1)]!;
      failures.current += 1;
      timer = setTimeout(() => setAttempt((n) => n + 1), seconds * 1000);
    };
    const failed = (problem: unknown, connecting = true) => {
      if (cancelled) return;
      setError(problem);
      if (connecting && problem instanceof ApiError && problem.code === 'live_media_unconfigured') {
        setPhase('unconfigured');
      } else if (connecting && refusal(problem)) setPhase('refused');
      else again('failed');
    };
    failNow.current = (problem) => {
      if (opened) failed(problem, false);
    };
    setPhase((now) => (now === 'reconnecting' || now === 'failed' ? now : 'connecting'));
    (async () => {
      const join = await credentials();
      if (cancelled) return;
      if (join.provider !== 'janus') {
        setPhase('unconfigured');
        return;
      }
      const joined = await JanusRoom.open(
        join,
        userId,
        {
          feeds: (list) => {
            if (!cancelled) setFeeds(list);
          },
          kicked: () => {
            if (!cancelled) again('reconnecting');
          },
          closed: () => {
            if (!cancelled) again('reconnecting');
          },
        },
        { watch: watching.current },
      );
      if (cancelled) {
        joined.close();
        return;
      }
      opened = joined;
      failures.current = 0;
      setError(null);
      setRoom(joined);
      setPhase('connected');
    })().catch((problem: unknown) => failed(problem));
    return () => {
      cancelled = true;
      clearTimeout(timer);
      opened?.close();
      setRoom(null);
      setFeeds([]);
    };
  }, [enabled, userId, credentials, attempt]);

  useEffect(() => {
    room?.setWatch(watch);
  }, [room, watch]);

  const retry = useCallback(() => {
    if (phase === 'failed' || phase === 'reconnecting') setAttempt((n) => n + 1);
  }, [phase]);
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  const fail = useCallback((problem: unknown) => failNow.current(problem), []);

  return { phase, room, feeds, error, retry, fail };
}
export type MediaRoom = ReturnType<typeof useMediaRoom>;
