import type { TLiveParticipant } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api.ts';
import type { LiveQuality } from './media-quality.ts';
import { quitOnUnload, quitRoom, syncStatus } from './queries.ts';

/** Quits waiting after an unmount: React's development double mount cancels them, so the stay is not cut. */
const pendingQuits = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * The user's stay while the room page is open: a quit when the page goes (leaving the route: a call; the tab closing
 * or reloading: a keepalive request), a read of the room again when the browser brings the page back from its cache.
 * `leave()` quits at once (the Leave button) so the later unmount does not quit twice.
 */
export function usePresence(roomId: number, onBack: () => void) {
  const left = useRef(false);
  const back = useRef(onBack);
  back.current = onBack;
  useEffect(() => {
    clearTimeout(pendingQuits.get(roomId));
    pendingQuits.delete(roomId);
    left.current = false;
    const hide = () => {
      if (!left.current) quitOnUnload(roomId);
    };
    const show = (event: PageTransitionEvent) => {
      if (event.persisted) back.current();
    };
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
      if (left.current) return;
      const timer = setTimeout(() => {
        pendingQuits.delete(roomId);
        void quitRoom(roomId).catch(() => undefined);
      }, 0);
      pendingQuits.set(roomId, timer);
    };
  }, [roomId]);
  return useCallback(async () => {
    left.current = true;
    await quitRoom(roomId).catch(() => undefined);
  }, [roomId]);
}

const HEARTBEAT_MS = 30_000;
const NETWORK_CODES = new Set(['network_error', 'request_timeout']);

export interface StatusSyncOptions {
  roomId: number;
  /** In a live room (not removed): only then does the server take the state. */
  active: boolean;
  camera: boolean;
  microphone: boolean;
  hand: boolean;
  quality: () => Promise<LiveQuality>;
  onSynced: (participant: TLiveParticipant) => void;
  onRemoved: () => void;
  /** The room is no longer live (ended meanwhile): read it again. */
  onNotLive: () => void;
  /** A sync got through after failed ones: the page re-joins and its media connect again. */
  onBackOnline: () => void;
}

/**
 * `/live-room/user-status-sync`: the user's camera, microphone, hand and connection quality, sent when they change
 * and every 30 s as a heartbeat. Answers whether the last sync failed for the network (the page says it reconnects).
 */
export function useStatusSync(options: StatusSyncOptions): boolean {
  const { roomId, active, camera, microphone, hand } = options;
  const latest = useRef(options);
  latest.current = options;
  const [offline, setOffline] = useState(false);
  const offlineRef = useRef(false);

  const sync = useCallback(async () => {
    const now = latest.current;
    const quality = await now.quality().catch((): LiveQuality => 'good');
    try {
      const participant = await syncStatus(roomId, {
        camera: now.camera,
        microphone: now.microphone,
        hand_raised: now.hand,
        quality,
      });
      latest.current.onSynced(participant);
      if (offlineRef.current) {
        offlineRef.current = false;
        setOffline(false);
        latest.current.onBackOnline();
      }
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === 'live_room_removed') latest.current.onRemoved();
      else if (error.code === 'live_room_ended' || error.code === 'live_room_not_live') latest.current.onNotLive();
      else if (NETWORK_CODES.has(error.code) || error.status >= 500) {
        offlineRef.current = true;
        setOffline(true);
      }
    }
  }, [roomId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the devices or the hand is sent at once
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => void sync(), 250);
    return () => clearTimeout(timer);
  }, [active, camera, microphone, hand, sync]);

  useEffect(() => {
    if (!active) return;
    // While offline the heartbeat comes sooner, so the page notices the network's return.
    const timer = setInterval(() => void sync(), offline ? 5_000 : HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [active, offline, sync]);

  return active && offline;
}
