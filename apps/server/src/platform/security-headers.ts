import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The Content Security Policy of every answer (the web client's pages above all). Scripts only from this origin,
 * never inline or evaluated; styles may be inline (antd writes its CSS-in-JS into <style> elements). Images, media
 * and fetches may reach any http(s) address: data items imported from a manifest name files on other hosts, which
 * the annotation tools show (<img>, <video>, <audio>) and load (text, point clouds, waveforms) directly.
 * blob: and data: serve drawn and decoded media (canvas exports, captchas, decoded audio).
 */
const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A Host header fit to name in the policy (a name or address, an optional port); anything else is left out. */
const PLAIN_HOST = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/**
 * connect-src: this origin and any http(s) address (see POLICY), the websocket of this host, and the websockets
 * named in `sockets` (the media server's, which live-room pages talk to).
 */
function connectSources(request: FastifyRequest, sockets: string): string {
  const host = PLAIN_HOST.test(request.host) ? ` ws://${request.host} wss://${request.host}` : '';
  return `connect-src 'self' http: https:${host}${sockets}`;
}

/** The scheme, host and port of a ws(s) address, as a policy source ('' for anything else). */
export function socketSource(address: string | undefined): string {
  if (!address) return '';
  const url = new URL(address);
  return url.protocol === 'ws:' || url.protocol === 'wss:' ? `${url.protocol}//${url.host}` : '';
}

/**
 * Security headers on every answer (API, files, the web client): the policy above, no MIME sniffing, no framing
 * (X-Frame-Options for browsers without frame-ancestors), the origin alone as referrer to other sites, and HSTS
 * when the request came over HTTPS. `sockets`: other websocket sources pages may connect to (`socketSource`).
 */
export function installSecurityHeaders(app: FastifyInstance, sockets: readonly string[] = []): void {
  const extra = sockets
    .filter(Boolean)
    .map((source) => ` ${source}`)
    .join('');
  app.addHook('onSend', async (request, reply) => {
    reply.header('content-security-policy', `${POLICY}; ${connectSources(request, extra)}`);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000');
  });
}
