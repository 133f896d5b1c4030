import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './context.ts';

/**
 * Runs `pass` every `everyMs` while the server runs (0 = never): one pass at a time, a failed pass is logged and
 * the next runs as usual; closing the server waits for a pass in progress, so the database is not closed under it.
 * The job lease and exam deadline sweepers run this way (idempotent scans, not queue jobs).
 */
export function runEvery(
  app: FastifyInstance,
  deps: AppDeps,
  name: string,
  everyMs: number,
  pass: (deps: AppDeps) => Promise<unknown>,
): void {
  if (everyMs <= 0) return;
  let current: Promise<void> | null = null;
  const timer = setInterval(() => {
    current ??= pass(deps)
      .then(() => undefined)
      .catch((error: unknown) => deps.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        current = null;
      });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
}
