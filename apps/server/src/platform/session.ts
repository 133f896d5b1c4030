import { type Db, type Executor, prepared, schema } from '@app/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, SessionInfo } from './context.ts';
import { AppError } from './errors.ts';
import { hashToken, newToken } from './tokens.ts';

/** A session ends 30 days after its last use (sliding) and in any case 90 days after it began (absolute). */
const SESSION_IDLE_DAYS = 30;
export const SESSION_MAX_DAYS = 90;
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const { sessions, users, siteUsers, siteUserRoles, sites } = schema;

/**
 * Reads the session token from the `access-token` header, else from the token cookie. A request that changes
 * state (any method but GET/HEAD/OPTIONS) and has only the cookie must carry `X-Requested-With`, which a form or
 * a simple request of another site cannot send (browsers attach cookies to those): else `cross_site_request`.
 */
export function readToken(request: FastifyRequest, cookieName: string): string | null {
  const header = request.headers['access-token'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const fromCookie = request.cookies[cookieName];
  if (!fromHeader && fromCookie && !SAFE_METHODS.has(request.method) && !request.headers['x-requested-with']) {
    throw new AppError('cross_site_request');
  }
  const value = fromHeader || fromCookie;
  return value && value.length <= 128 ? value : null;
}

export async function createSession(
  db: Executor,
  userId: number,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 255),
    expiresAt: new Date(Date.now() + SESSION_IDLE_DAYS * 86400_000),
  });
  return token;
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * The caller behind a token, with the current organisation and role and that role's permissions.
 * Unknown, revoked or expired tokens (idle for 30 days, or begun over 90 days ago), and disabled users, give null.
 */
export async function resolveSession(deps: AppDeps, token: string): Promise<SessionInfo | null> {
  const tokenHash = hashToken(token);
  const cached = deps.userState.session(tokenHash);
  if (cached) return cached;
  const mark = deps.userState.mark();
  const [row] = await sessionQuery(deps.db).execute({ tokenHash });
  if (row?.userStatus !== 'active') return null;
  if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) touchSession(deps, row.sessionId);
  const usable = row.siteId !== null && row.siteStatus === 'open' && row.membershipStatus === 'active';
  const role = usable ? row.role : null;
  const info: SessionInfo = {
    sessionId: row.sessionId,
    userId: row.userId,
    username: row.username,
    siteId: usable ? row.siteId : null,
    role,
    permissions: role ? await deps.access.permissionsOf(role) : new Set(),
  };
  deps.userState.rememberSession(tokenHash, info, mark);
  return info;
}

/**
 * Every change to a user's sessions, memberships, roles, current organisation or profile calls this after
 * it is written: each instance drops what it cached of the user.
 */
export async function notifyUserChanged(deps: AppDeps, userId: number): Promise<void> {
  await deps.hub
    .broadcastToInstances({ kind: 'user_changed', userId })
    .catch((error: unknown) => deps.log.warn({ err: error, userId }, 'could not tell other instances a user changed'));
}

function touchSession(deps: AppDeps, sessionId: number): void {
  const now = Date.now();
  deps.db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_IDLE_DAYS * 86400_000) })
    .where(eq(sessions.id, sessionId))
    .catch((error: unknown) => deps.log.warn({ err: error }, 'session touch failed'));
}

/** Session, user, current membership, site and held current role in one prepared statement. */
function sessionQuery(db: Db) {
  return prepared(db, 'resolve_session', (d) =>
    d
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        userId: users.id,
        username: users.username,
        userStatus: users.status,
        siteId: siteUsers.siteId,
        siteStatus: sites.status,
        membershipStatus: siteUsers.status,
        role: siteUserRoles.roleKey,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(siteUsers, and(eq(siteUsers.userId, users.id), eq(siteUsers.siteId, users.currentSiteId)))
      .leftJoin(sites, eq(sites.id, siteUsers.siteId))
      .leftJoin(
        siteUserRoles,
        and(eq(siteUserRoles.siteUserId, siteUsers.id), eq(siteUserRoles.roleKey, siteUsers.currentRole)),
      )
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.createdAt, sql.raw(`now() - interval '${SESSION_MAX_DAYS} days'`)),
        ),
      )
      .limit(1)
      .prepare('resolve_session'),
  );
}

/**
 * The caller of a private file route (`/api/file/...`, `/api/pack-file/...`): the session from the `access-token`
 * header or the token cookie (so `<img>`, `<video>` and plain links work). No session is auth_fail; holding none of
 * `keys` (when given) is forbidden. Null when the session has no current organisation: the route answers 404, since
 * no file is that caller's to know of.
 */
export async function fileRouteCaller(
  request: FastifyRequest,
  deps: AppDeps,
  keys?: readonly string[],
): Promise<(SessionInfo & { siteId: number }) | null> {
  const token = readToken(request, deps.config.TOKEN_COOKIE);
  const session = token ? await resolveSession(deps, token) : null;
  if (!session) throw new AppError('auth_fail');
  if (session.siteId === null) return null;
  if (keys && !keys.some((key) => session.permissions.has(key))) throw new AppError('forbidden');
  return { ...session, siteId: session.siteId };
}
