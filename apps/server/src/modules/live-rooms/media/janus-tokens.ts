import { createHmac } from 'node:crypto';

/** The VideoRoom plugin's package name, as Janus tokens and `attach` name it. */
export const VIDEOROOM = 'janus.plugin.videoroom';

/**
 * A Janus signed token (`token_auth_secret`), as Janus checks it (src/auth.c): the data part
 * `<expiry, unix seconds>,janus,<plugin>[,<plugin>…]`, a colon, then the base64 HMAC-SHA1 of the data part keyed with
 * the secret. Janus accepts it on every request until the expiry, and lets it attach only to the plugins it names.
 * Signing needs no call to Janus (no Admin API to register tokens), so any platform instance can issue one.
 */
export function signJanusToken(secret: string, expiresAt: Date, plugins: readonly string[] = [VIDEOROOM]): string {
  const data = [String(Math.floor(expiresAt.getTime() / 1000)), 'janus', ...plugins].join(',');
  return `${data}:${createHmac('sha1', secret).update(data).digest('base64')}`;
}

/** A secret derived from the room key for one purpose: no state kept, the same on every platform instance. */
function derive(roomKey: string, purpose: string): string {
  return createHmac('sha256', roomKey).update(purpose).digest('base64url');
}

/**
 * The VideoRoom `secret` of room `roomId` (needed to edit its allowed list, kick and destroy it), derived from
 * JANUS_ROOM_KEY so the platform stores nothing and every instance computes the same one.
 */
export function janusRoomSecret(roomKey: string, roomId: number): string {
  return derive(roomKey, `room-secret:${roomId}`);
}

/**
 * The token user `userId` joins room `roomId` with (the room's `allowed` list holds it while they may be there).
 * Deterministic, so joining again gives the same token and removing the user can take it back without a table of
 * issued tokens; it starts with `u<userId>-` so an event naming the token (the VideoRoom's "joined" event carries it)
 * tells which user it was issued to, whatever display the browser claimed.
 */
export function janusRoomToken(roomKey: string, roomId: number, userId: number): string {
  return `u${userId}-${derive(roomKey, `room-token:${roomId}:${userId}`).slice(0, 32)}`;
}

/** The user room `roomId`'s token was issued to (see janusRoomToken), or null when it is not one of its tokens. */
export function userOfRoomToken(roomKey: string, roomId: number, token: string): number | null {
  const match = /^u(\d+)-/.exec(token);
  const userId = match ? Number(match[1]) : null;
  return userId !== null && janusRoomToken(roomKey, roomId, userId) === token ? userId : null;
}

/**
 * The secret part of the address Janus's event handler posts to (`/api/media/janus-events/<key>`, deploy/janus/):
 * derived from the room key, so whoever configures Janus from the same key gets the same address.
 */
export function janusEventsKey(roomKey: string): string {
  return derive(roomKey, 'janus-events').slice(0, 32);
}
