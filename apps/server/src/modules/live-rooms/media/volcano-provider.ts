import { createHmac, randomInt } from 'node:crypto';
import type { JoinCredentials, MediaProvider } from './media-provider.ts';

/** Volcano Engine RTC token privileges (the keys of the token's privilege map; values are expiry unix seconds). */
export const VOLCANO_PRIVILEGES = {
  publishStream: 0,
  publishAudioStream: 1,
  publishVideoStream: 2,
  publishDataStream: 3,
  subscribeStream: 4,
} as const;

export interface VolcanoTokenFields {
  appId: string;
  roomId: string;
  userId: string;
  /** Random 1…99,999,999 in the reference implementation. */
  nonce: number;
  /** Unix seconds. */
  issuedAt: number;
  /** Unix seconds; 0: no expiry. */
  expireAt: number;
  /** Privilege → expiry (unix seconds, 0: none). */
  privileges: Record<number, number>;
}

/**
 * A Volcano Engine RTC join token as its open-source AccessToken (Go/Python/Node reference, docs 6348/70121) builds
 * it: `"001"` + the 24-character app id + base64(packed message + packed signature), where the message packs, little
 * endian, nonce, issued-at and expire-at (uint32 each), the room id and the user id (uint16 length + UTF-8 bytes) and
 * the privilege map (uint16 count, then per key in ascending order uint16 key + uint32 expiry), and the signature is
 * the HMAC-SHA256 of the message keyed with the app key; both are packed as uint16 length + bytes.
 */
export function volcanoToken(appKey: string, fields: VolcanoTokenFields): string {
  const message = Buffer.concat([
    uint32(fields.nonce),
    uint32(fields.issuedAt),
    uint32(fields.expireAt),
    bytes(Buffer.from(fields.roomId, 'utf8')),
    bytes(Buffer.from(fields.userId, 'utf8')),
    privilegeMap(fields.privileges),
  ]);
  const signature = createHmac('sha256', appKey).update(message).digest();
  return `001${fields.appId}${Buffer.concat([bytes(message), bytes(signature)]).toString('base64')}`;
}

/** Reads a token back (its fields and signature), for tests and for checking what a browser was given. */
export function parseVolcanoToken(token: string): VolcanoTokenFields & { signature: Buffer; message: Buffer } {
  if (!token.startsWith('001')) throw new Error('not a version 001 Volcano token');
  const content = Buffer.from(token.slice(27), 'base64');
  let at = 0;
  const read = (buffer: Buffer, size: 2 | 4) => {
    const value = size === 2 ? buffer.readUInt16LE(at) : buffer.readUInt32LE(at);
    at += size;
    return value;
  };
  const readBytes = (buffer: Buffer) => {
    const length = read(buffer, 2);
    const value = buffer.subarray(at, at + length);
    at += length;
    return value;
  };
  const message = readBytes(content);
  const signature = readBytes(content);
  at = 0;
  const [nonce, issuedAt, expireAt] = [read(message, 4), read(message, 4), read(message, 4)];
  const roomId = readBytes(message).toString('utf8');
  const userId = readBytes(message).toString('utf8');
  const privileges: Record<number, number> = {};
  for (let count = read(message, 2); count > 0; count--) privileges[read(message, 2)] = read(message, 4);
  return { appId: token.slice(3, 27), roomId, userId, nonce, issuedAt, expireAt, privileges, signature, message };
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
}

function bytes(value: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16LE(value.length);
  return Buffer.concat([length, value]);
}

function privilegeMap(privileges: Record<number, number>): Buffer {
  const keys = Object.keys(privileges)
    .map(Number)
    .sort((a, b) => a - b);
  const count = Buffer.alloc(2);
  count.writeUInt16LE(keys.length);
  return Buffer.concat([
    count,
    ...keys.map((key) => {
      const entry = Buffer.alloc(6);
      entry.writeUInt16LE(key);
      entry.writeUInt32LE(privileges[key]!, 2);
      return entry;
    }),
  ]);
}

/**
 * Live-room media on Volcano Engine RTC (the provider the specification names), chosen when VOLCANO_APP_ID and
 * VOLCANO_APP_KEY are set. Only join credentials are issued here: Volcano rooms exist as soon as someone joins with a
 * valid token, and controlling them (ending a room, removing a user, listing who is in) goes through Volcano's signed
 * OpenAPI (BanRoomUser, DismissRoom, …), which this platform does not call. So openRoom, closeRoom and removeUser do
 * nothing and participants answers none: attendance comes from the platform's own join/quit calls, and a removed user
 * is kept out by receiving no new token (a token already given lasts until it expires, so keep ttlSeconds short).
 */
export class VolcanoProvider implements MediaProvider {
  readonly kind = 'volcano' as const;

  constructor(private readonly settings: { appId: string; appKey: string }) {}

  async openRoom(): Promise<void> {}

  async closeRoom(): Promise<void> {}

  async joinCredentials(roomId: number, userId: number, ttlSeconds: number): Promise<JoinCredentials> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expireAt = issuedAt + ttlSeconds;
    const [room, user] = [String(roomId), String(userId)];
    // Everyone may publish and subscribe: who is on stage is the platform's rule, kept by its pages.
    const privileges = {
      [VOLCANO_PRIVILEGES.publishStream]: expireAt,
      [VOLCANO_PRIVILEGES.publishAudioStream]: expireAt,
      [VOLCANO_PRIVILEGES.publishVideoStream]: expireAt,
      [VOLCANO_PRIVILEGES.publishDataStream]: expireAt,
      [VOLCANO_PRIVILEGES.subscribeStream]: expireAt,
    };
    const token = volcanoToken(this.settings.appKey, {
      appId: this.settings.appId,
      roomId: room,
      userId: user,
      nonce: randomInt(1, 100_000_000),
      issuedAt,
      expireAt,
      privileges,
    });
    return {
      provider: 'volcano',
      app_id: this.settings.appId,
      room_id: room,
      user_id: user,
      token,
      expires_at: new Date(expireAt * 1000).toISOString(),
    };
  }

  async removeUser(): Promise<void> {}

  async participants(): Promise<{ userId: number; publisher: boolean }[]> {
    return [];
  }
}
