import { useEffect, useRef } from 'react';
import { REALTIME_OPEN_EVENT } from '../../shared/session/use-heartbeat.ts';
import { isRoomPush, type LiveRoomPush } from './live-room-cache.ts';

/**
 * Calls `onPush` for each push about room `roomId` (the shell's websocket dispatches them as `realtime` window events),
 * and `onReconnect` when the platform socket opens again or the browser is back online: pushes sent meanwhile are
 * lost, so the page reads the room again (re-joining) and its media connect again.
 */
export function useLiveRoomPush(
  roomId: number | null,
  onPush: (push: LiveRoomPush) => void,
  onReconnect: () => void = () => {},
) {
  const handlers = useRef({ onPush, onReconnect });
  handlers.current = { onPush, onReconnect };
  useEffect(() => {
    if (roomId === null) return;
    const listener = (event: Event) => {
      const data = (event as CustomEvent<unknown>).detail;
      if (isRoomPush(data, roomId)) handlers.current.onPush(data);
    };
    const reconnect = () => handlers.current.onReconnect();
    window.addEventListener('realtime', listener);
    window.addEventListener(REALTIME_OPEN_EVENT, reconnect);
    window.addEventListener('online', reconnect);
    return () => {
      window.removeEventListener('realtime', listener);
      window.removeEventListener(REALTIME_OPEN_EVENT, reconnect);
      window.removeEventListener('online', reconnect);
    };
  }, [roomId]);
}

/** Calls `onPush` for every live-room push (any room): the lists read again when a room starts or ends. */
export function useAnyLiveRoomPush(onPush: () => void) {
  const handler = useRef(onPush);
  handler.current = onPush;
  useEffect(() => {
    const listener = (event: Event) => {
      const data = (event as CustomEvent<{ action?: string; event?: string } | null>).detail;
      if (data?.action === 'live_room' && (data.event === 'started' || data.event === 'ended')) handler.current();
    };
    window.addEventListener('realtime', listener);
    return () => window.removeEventListener('realtime', listener);
  }, []);
}
