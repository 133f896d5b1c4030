/**
 * At most `max` pieces of work at once in this server process (e.g. CPU-bound ffmpeg runs); the rest wait in
 * arrival order. Returns the function that runs one piece of work when a slot is free.
 */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running < max) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over as it frees
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
