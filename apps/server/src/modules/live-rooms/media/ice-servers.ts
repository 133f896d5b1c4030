import { createHmac } from 'node:crypto';

/** One entry of RTCPeerConnection's `iceServers`, as the join credentials hand it to the browser. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * The STUN and TURN servers a browser should use to reach the media server from behind a NAT or a firewall
 * (ICE_SERVERS, TURN_SECRET). STUN addresses are handed out as they are; TURN addresses get time-limited credentials
 * of the TURN REST API that coturn implements (`use-auth-secret` with `static-auth-secret`): the username
 * `<expiry, unix seconds>:<userId>`, the password the base64 HMAC-SHA1 of the username keyed with the shared secret,
 * so no TURN account is stored and a credential handed to one user stops working when their media credentials do.
 */
export function iceServersFor(
  urls: readonly string[],
  turnSecret: string | undefined,
  userId: number,
  expiresAt: Date,
): IceServer[] {
  const stun = urls.filter((url) => url.startsWith('stun:') || url.startsWith('stuns:'));
  const turn = urls.filter((url) => url.startsWith('turn:') || url.startsWith('turns:'));
  const servers: IceServer[] = stun.length > 0 ? [{ urls: stun }] : [];
  if (turn.length > 0 && turnSecret) {
    const username = `${Math.floor(expiresAt.getTime() / 1000)}:${userId}`;
    const credential = createHmac('sha1', turnSecret).update(username).digest('base64');
    servers.push({ urls: turn, username, credential });
  }
  return servers;
}

/** The addresses of ICE_SERVERS (comma separated, blanks ignored). */
export const iceServerUrls = (value: string) =>
  value
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
