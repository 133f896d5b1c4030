import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may be repeated; `start(n)` runs it down once a second to 0. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [left]);

  const start = useCallback((seconds: number) => {
    const started = Date.now();
    setNow(started);
    setUntil(started + seconds * 1000);
  }, []);

  return [left, start];
}
