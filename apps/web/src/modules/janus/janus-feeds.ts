import { JanusError, type JanusHandle } from './janus-session.ts';

/** The identities of a live room's publishers on Janus: feed ids and displays, and the publisher join. */

export const VIDEOROOM = 'janus.plugin.videoroom';

/**
 * What the media credentials answer for Janus: a live room's (`/live-room/volcano-rtc-token`), an exam's
 * (`/live-room/exam-camera-token`, `/live-room/invigilation-token`).
 */
export interface JanusJoin {
  url: string;
  room: number;
  token: string;
  room_token: string;
  /** STUN/TURN servers (the server's ICE_SERVERS), with TURN credentials valid as long as the tokens. */
  ice_servers: RTCIceServer[];
}

/** A publisher's display as the platform's pages set it: `"<userId>"` a camera, `"<userId>:screen"` a screen. */
export function parseDisplay(display: unknown): { userId: number; screen: boolean } | null {
  const match = typeof display === 'string' ? /^(\d{1,15})(:screen)?$/.exec(display) : null;
  return match ? { userId: Number(match[1]), screen: match[2] !== undefined } : null;
}

/**
 * Feed ids say whose stream a recording file holds (the server's recording-files.ts): `userId × 1000 + n`, n below
 * 500 for the camera publisher and from 500 for a screen share. n changes at every join (a reconnect while Janus still
 * holds the former participant would collide), from a random start so two tabs of one user seldom meet.
 */
export const FEEDS_PER_USER = 1000;
export const SCREEN_FEED_FROM = 500;
let nextSlot = Math.floor(Math.random() * SCREEN_FEED_FROM);
export function feedIdFor(userId: number, screen: boolean): number {
  const slot = nextSlot++ % SCREEN_FEED_FROM;
  return userId * FEEDS_PER_USER + (screen ? SCREEN_FEED_FROM : 0) + slot;
}
/** The VideoRoom's answer when the feed id is taken. */
const ID_EXISTS = 436;

/**
 * Joins the room as a publisher (not publishing yet) with a feed id of its kind, another one when Janus holds that id.
 */
export async function joinAsPublisher(handle: JanusHandle, join: JanusJoin, userId: number, screen: boolean) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await handle.message({
        request: 'join',
        ptype: 'publisher',
        room: join.room,
        id: feedIdFor(userId, screen),
        display: screen ? `${userId}:screen` : String(userId),
        token: join.room_token,
      });
    } catch (error) {
      if (!(error instanceof JanusError && error.code === ID_EXISTS) || attempt >= 4) throw error;
    }
  }
}
