import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { AppDeps, SessionInfo } from './context.ts';
import { AppError } from './errors.ts';
import { readToken, resolveSession } from './session.ts';
import { computeUserStat } from './user-stat.ts';

/** Close code for a missing, unknown, expired or revoked token; the client treats it like `auth_fail`. */
export const WS_AUTH_FAIL = 4401;
/** A heartbeat is `{"data":"0","message":"0"}`; anything much longer is not one and is not parsed. */
const MAX_MESSAGE_BYTES = 1024;

type WsRequest = FastifyRequest<{ Querystring: { token?: unknown } }>;

/**
 * GET /ws: the signed-in user's socket, by the `token` parameter, the `access-token` header or the session cookie.
 * An upgrade signed in by the cookie alone must come from a page of this server (its Origin's host is the
 * request's host), else it is refused with 403 `cross_site_request` (no other site's page opens a socket as
 * its visitor). Each client heartbeat (a JSON message whose `data` is '0') is answered with
 * `{data:{action:'heartbeat', user_stat}}`; the session is checked again on a heartbeat at most every
 * `hub.sessionRecheckMs`, and a socket whose token no longer works is closed with 4401 `auth_fail`.
 */
export function registerRealtimeRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { token?: unknown } }>(
    '/ws',
    {
      websocket: true,
      preValidation: async (request) => {
        if (queryToken(request) || request.headers['access-token']) return;
        if (request.cookies[deps.config.TOKEN_COOKIE] && !fromOwnPage(request))
          throw new AppError('cross_site_request');
      },
    },
    (socket, request) => {
      serveSocket(deps, socket, request);
    },
  );
}

/** The Origin header names this server's host (browsers send it on every websocket upgrade). */
function fromOwnPage(request: FastifyRequest): boolean {
  try {
    return new URL(String(request.headers.origin)).host === request.host;
  } catch {
    return false;
  }
}

function serveSocket(deps: AppDeps, socket: WebSocket, request: WsRequest): void {
  const log = request.log;
  const token = tokenOf(request, deps.config.TOKEN_COOKIE);
  let checkedAt = Date.now();
  let busy = false;
  // Listen at once: a heartbeat sent right after opening must not be lost while the session resolves.
  const opened: Promise<SessionInfo | null> = (token ? resolveSession(deps, token) : Promise.resolve(null)).then(
    (session) => {
      if (!session) socket.close(WS_AUTH_FAIL, 'auth_fail');
      else deps.hub.attach(session.userId, socket);
      return session;
    },
    (error: unknown) => {
      log.error({ err: error }, 'websocket session lookup failed');
      socket.close(1011, 'internal_error');
      return null;
    },
  );
  let session: SessionInfo | null = null;

  async function answerHeartbeat(): Promise<void> {
    session ??= await opened;
    if (!session || !token || socket.readyState !== socket.OPEN) return;
    if (Date.now() - checkedAt >= deps.hub.sessionRecheckMs) {
      checkedAt = Date.now();
      session = await resolveSession(deps, token);
      if (!session) {
        socket.close(WS_AUTH_FAIL, 'auth_fail');
        return;
      }
    }
    const user_stat = await computeUserStat(deps, session);
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ data: { action: 'heartbeat', user_stat } }));
  }

  socket.on('message', (data: RawData, isBinary: boolean) => {
    // One heartbeat at a time: messages arriving while one is answered are dropped, never queued.
    if (busy || isBinary || !isHeartbeat(data)) return;
    busy = true;
    answerHeartbeat()
      .catch((error: unknown) => log.warn({ err: error }, 'websocket heartbeat failed'))
      .finally(() => {
        busy = false;
      });
  });
  socket.on('error', (error: Error) => log.debug({ err: error }, 'websocket error'));
}

function queryToken(request: WsRequest): string | null {
  const query = request.query.token;
  return typeof query === 'string' && query.length > 0 && query.length <= 128 ? query : null;
}

/** The token of the `token` query parameter, else of the `access-token` header or the token cookie. */
function tokenOf(request: WsRequest, cookieName: string): string | null {
  return queryToken(request) ?? readToken(request, cookieName);
}

function isHeartbeat(data: RawData): boolean {
  const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
  if (buffer.byteLength > MAX_MESSAGE_BYTES) return false;
  try {
    const message: unknown = JSON.parse(buffer.toString('utf8'));
    return typeof message === 'object' && message !== null && (message as { data?: unknown }).data === '0';
  } catch {
    return false;
  }
}
