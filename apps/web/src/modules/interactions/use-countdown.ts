import { useEffect, useState } from 'react';

/**
 * Milliseconds left of a server count (`remainingMs` as of the answer that arrived at `receivedAt`, a Date.now()),
 * ticking every 250 ms; null without a count. `onZero` runs once when it reaches 0.
 */
export function useCountdown(remainingMs: number | null, receivedAt: number, onZero?: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const deadline = remainingMs === null ? null : receivedAt + remainingMs;
  useEffect(() => {
    if (deadline === null) return;
    let fired = false;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (!fired && at >= deadline) {
        fired = true;
        onZero?.();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline, onZero]);
  return deadline === null ? null : Math.max(0, deadline - now);
}
