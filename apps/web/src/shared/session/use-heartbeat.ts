import { useEffect, useState, useSyncExternalStore } from 'react';
import { runtimeConfig } from '../runtime-config.ts';
import { signedIn } from '../signed-in.ts';

export interface UserStat {
  course_interact_task_count: number;
  examine_count: number;
  /** Course tasks due within 7 days or overdue (absent from a server without courses). */
  course_task_count?: number;
  /** Live rooms of the learner's classes live or starting within 15 minutes. */
  live_room_count?: number;
}

export const HEARTBEAT_MS = 5000;
/**
 * The window event dispatched each time the websocket opens: a page that follows pushes reads its state again then,
 * since pushes sent while the socket was down are lost (the first open, before the page listened, does no harm).
 */
export const REALTIME_OPEN_EVENT = 'realtime-open';
const MAX_BACKOFF_MS = 30_000;

/**
 * While `enabled`, keeps a websocket open, sends `{data:'0', message:'0'}` every 5 s and answers the latest
 * `user_stat`; every other push (`data.action` not heartbeat) is dispatched as a window `realtime` CustomEvent
 * with `data` as its detail. Reconnects with a growing delay. Without websocket support it alerts once.
 */
export function useHeartbeat(enabled: boolean, onUnsupported: () => void): UserStat | null {
  const [stat, setStat] = useState<UserStat | null>(null);

  useEffect(() => {
    if (!enabled) return;
    if (typeof WebSocket === 'undefined') {
      onUnsupported();
      return;
    }
    let socket: WebSocket | null = null;
    let timer: number | undefined;
    let retry: number | undefined;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      if (!signedIn() || stopped) return;
      // The browser sends the session cookie with the upgrade; the server checks that this page is its own.
      socket = new WebSocket(runtimeConfig().websocketUrl);
      const beat = () =>
        socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ data: '0', message: '0' }));
      socket.onopen = () => {
        attempts = 0;
        beat();
        timer = window.setInterval(beat, HEARTBEAT_MS);
        window.dispatchEvent(new Event(REALTIME_OPEN_EVENT));
      };
      socket.onmessage = (event) => {
        try {
          const message = JSON.parse(String(event.data)) as { data?: { action?: string; user_stat?: UserStat } };
          if (message.data?.action === 'heartbeat') {
            if (message.data.user_stat) setStat(message.data.user_stat);
          } else if (message.data) {
            // Other pushes (message, lease_warning, lease_expired, ...) go to whoever listens on `realtime`.
            window.dispatchEvent(new CustomEvent('realtime', { detail: message.data }));
          }
        } catch (error) {
          console.warn('websocket message', error);
        }
      };
      socket.onerror = (event) => console.warn('websocket error', event);
      socket.onclose = (event) => {
        window.clearInterval(timer);
        if (stopped || event.code === 4401) return;
        attempts += 1;
        retry = window.setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 5)));
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.clearTimeout(retry);
      socket?.close();
    };
  }, [enabled, onUnsupported]);

  return stat;
}

/** Components that need pushes on a page that leaves the socket closed (an invigilated exam's answering page). */
let pushWanted = 0;
const pushListeners = new Set<() => void>();
const pushChanged = () => {
  for (const listener of pushListeners) listener();
};
const subscribePushes = (listener: () => void) => {
  pushListeners.add(listener);
  return () => pushListeners.delete(listener);
};

/** Keeps the socket open while the calling component wants pushes, whatever the page (see heartbeatWanted). */
export function useWantPushes(wanted: boolean): void {
  useEffect(() => {
    if (!wanted) return;
    pushWanted += 1;
    pushChanged();
    return () => {
      pushWanted -= 1;
      pushChanged();
    };
  }, [wanted]);
}

/** Whether a component of the page asked for pushes (useWantPushes). */
export function usePushesWanted(): boolean {
  return useSyncExternalStore(subscribePushes, () => pushWanted > 0);
}

/**
 * Login status: in-progress practice and exam answer pages count only with `isResult`; a live interaction's page
 * (`/course/interactExam?run_id=`) always, since its questions come over the socket.
 */
export function heartbeatWanted(pathname: string, search: string): boolean {
  if (!signedIn()) return false;
  const params = new URLSearchParams(search);
  // A live interaction's page needs the socket: its questions are pushed.
  if (pathname === '/course/interactExam' && params.has('run_id')) return true;
  const answering = pathname === '/exam' || pathname === '/course/interactExam';
  return !answering || params.has('isResult');
}
