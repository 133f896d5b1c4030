import type { FastifyBaseLogger } from 'fastify';

/**
 * The last resort of a serving process: a promise rejected with nobody handling it, or an exception thrown outside any
 * request, is logged with its stack and the process keeps serving. Node's default for both is to end the process,
 * which would let one request take the server down. Such an event is a bug: the log line says so, and every code path
 * is expected to handle its own failures (tests fail on unhandled rejections).
 */
export function installProcessGuard(log: Pick<FastifyBaseLogger, 'error'>): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection: a bug, logged; the server keeps serving');
  });
  process.on('uncaughtException', (error) => {
    log.error({ err: error }, 'uncaught exception: a bug, logged; the server keeps serving');
  });
}
