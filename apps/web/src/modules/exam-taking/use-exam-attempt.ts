import type { TExamAttempt } from '@app/contracts';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../shared/api.ts';
import { AnswerQueue, type SaveResult } from './answer-queue.ts';
import { warningFor } from './invigilated.ts';
import { reportExamEvent, saveExamAnswer } from './queries.ts';

/** A failure worth retrying later: the network, a timeout, or the server not answering properly. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === 'network_error' || error.code === 'request_timeout' || error.status >= 500;
}

/**
 * The server's clock of an attempt: the deadline as a local monotonic time, set from `remaining_ms` of the attempt
 * and re-synced on every acknowledgement; `remaining` ticks every half second.
 */
export function useServerClock(initialRemainingMs: number) {
  const deadline = useRef(performance.now() + initialRemainingMs);
  const [remaining, setRemaining] = useState(initialRemainingMs);
  const sync = useCallback((remainingMs: number) => {
    deadline.current = performance.now() + remainingMs;
    setRemaining(remainingMs);
  }, []);
  useEffect(() => {
    const timer = window.setInterval(() => setRemaining(Math.max(0, deadline.current - performance.now())), 500);
    return () => window.clearInterval(timer);
  }, []);
  return { remaining: Math.max(0, remaining), sync };
}

/** The answer queue of an attempt (see AnswerQueue), its state, and a flush when the browser comes back online. */
export function useAnswerQueue(
  attempt: TExamAttempt,
  onAck: (remainingMs: number) => void,
  onRejected: (error: unknown) => void,
) {
  const callbacks = useRef({ onAck, onRejected });
  callbacks.current = { onAck, onRejected };
  const [queue] = useState(
    () =>
      new AnswerQueue(
        attempt.id,
        attempt.answers,
        async (questionId, answer): Promise<SaveResult> => {
          try {
            const ack = await saveExamAnswer({
              attempt_id: attempt.id,
              question_id: questionId,
              chosen: answer.chosen,
              ...(answer.response ? { response: answer.response } : {}),
              client_seq: answer.client_seq,
            });
            return { ok: true, remaining_ms: ack.remaining_ms };
          } catch (error) {
            return { ok: false, retry: isRetryable(error), error };
          }
        },
        window.localStorage,
        (ms) => callbacks.current.onAck(ms),
        (error) => callbacks.current.onRejected(error),
      ),
  );
  const state = useSyncExternalStore(queue.subscribe, queue.getState);
  // Answers left from before a reload are sent at once; while offline, another try every 10 s.
  useEffect(() => {
    void queue.flush();
  }, [queue]);
  useEffect(() => {
    if (!state.offline) return;
    const timer = window.setInterval(() => void queue.flush(), 10_000);
    return () => window.clearInterval(timer);
  }, [queue, state.offline]);
  return { queue, state };
}

/**
 * The evidence events of the page: hidden (tab switched or minimised), blur (focus lost), and reconnect after an
 * offline spell (after which the waiting answers are sent). Reports that fail are not retried.
 */
export function usePageEvents(attemptId: number, onOnline: () => void) {
  const onOnlineRef = useRef(onOnline);
  onOnlineRef.current = onOnline;
  useEffect(() => {
    let wentOffline: number | null = null;
    const report = (kind: 'blur' | 'hidden' | 'reconnect', detail?: Record<string, number>) =>
      void reportExamEvent({ attempt_id: attemptId, kind, ...(detail ? { detail } : {}) }).catch(() => {});
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') report('hidden');
    };
    const onBlur = () => report('blur');
    const onOffline = () => {
      wentOffline = Date.now();
    };
    const onOnlineEvent = () => {
      onOnlineRef.current();
      report('reconnect', wentOffline ? { offline_ms: Date.now() - wentOffline } : undefined);
      wentOffline = null;
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnlineEvent);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnlineEvent);
    };
  }, [attemptId]);
}

/**
 * The invigilators' warnings to this attempt (live invigilation): `action: 'invigilation'` pushes over the platform
 * socket, dispatched as window `realtime` events (see useWantPushes, which keeps the socket open on this page).
 */
export function useInvigilationWarnings(attemptId: number, show: (message: string) => void) {
  const onWarning = useRef(show);
  onWarning.current = show;
  useEffect(() => {
    const listener = (event: Event) => {
      const message = warningFor((event as CustomEvent<unknown>).detail, attemptId);
      if (message !== null) onWarning.current(message);
    };
    window.addEventListener('realtime', listener);
    return () => window.removeEventListener('realtime', listener);
  }, [attemptId]);
}
