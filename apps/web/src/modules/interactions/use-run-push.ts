import { useEffect } from 'react';

/** A push about one run, as the shell's websocket dispatches it (`realtime` window events). */
export interface RunPush {
  action: 'interact' | 'interact_live';
  run_id: number;
  event?: 'question' | 'closed' | 'revealed' | 'ended';
  index?: number;
  /** `interact_live`: the current question's answers and the students joined, counted when sent. */
  answered?: number;
  joined?: number;
}

/**
 * Calls `onPush` for each push about `runId` of the given `action`: `interact` for the students' pages (a question
 * sent, closed, revealed, the run ended), `interact_live` for the teacher's (its counts changed).
 */
export function useRunPush(runId: number | null, action: RunPush['action'], onPush: (push: RunPush) => void) {
  useEffect(() => {
    if (runId === null) return;
    const listener = (event: Event) => {
      const data = (event as CustomEvent<RunPush>).detail;
      if (data?.action === action && data.run_id === runId) onPush(data);
    };
    window.addEventListener('realtime', listener);
    return () => window.removeEventListener('realtime', listener);
  }, [runId, action, onPush]);
}
