import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../platform/context.ts';
import { claimsAnotherUser, fromRefusedFeed, refuseFeed } from './forged-feeds.ts';
import { janusEventsKey, userOfRoomToken, VIDEOROOM } from './janus-tokens.ts';

/**
 * Janus's event handler (deploy/janus/janus.eventhandler.sampleevh.jcfg) posts what happens on the media server to
 * `/api/media/janus-events/<key>` (janusEventsKey; anything else is not found). The VideoRoom's events (type 64) go to
 * the listeners other modules register: live invigilation learns that a candidate's camera stopped even when the
 * page that published it is gone. A participant that joined under another user's feed id or display is kicked first
 * and its events never reach the listeners (forged-feeds.ts).
 */
export const JANUS_EVENTS_PATH = '/api/media/janus-events/';

/** A VideoRoom event as Janus reports it: `joined` (with the room token and display), `published`, `unpublished`, `leaving`… */
export interface VideoRoomEvent {
  event: string;
  room: number;
  /** The participant's feed id. */
  id?: number;
  display?: string;
  /** `joined`: the room token the participant joined with. */
  token?: string;
  /** `joined`: the user the token was issued to (null for a token the platform did not issue). */
  tokenUser?: number | null;
}

type Listener = (deps: AppDeps, event: VideoRoomEvent) => Promise<void>;
const listeners: Listener[] = [];

/** Calls `listener` for every VideoRoom event Janus reports. */
export function onVideoRoomEvent(listener: Listener): void {
  listeners.push(listener);
}

/** The address to give Janus's event handler for a platform at `baseUrl` (the JANUS_EVENTS_URL of `npm run janus`). */
export const janusEventsUrl = (baseUrl: string, roomKey: string) =>
  `${baseUrl.replace(/\/$/, '')}${JANUS_EVENTS_PATH}${janusEventsKey(roomKey)}`;

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What one item of the posted array holds, when it is a VideoRoom event. */
function videoRoomEvent(item: unknown, roomKey: string): VideoRoomEvent | null {
  const entry = item as { type?: unknown; event?: { plugin?: unknown; data?: Record<string, unknown> } } | null;
  const data = entry?.type === 64 && entry.event?.plugin === VIDEOROOM ? entry.event.data : undefined;
  if (!data || typeof data.event !== 'string' || typeof data.room !== 'number') return null;
  const event: VideoRoomEvent = { event: data.event, room: data.room };
  if (typeof data.id === 'number') event.id = data.id;
  if (typeof data.display === 'string') event.display = data.display;
  if (typeof data.token === 'string') {
    event.token = data.token;
    event.tokenUser = userOfRoomToken(roomKey, data.room, data.token);
  }
  return event;
}

export function registerJanusEventsRoute(app: FastifyInstance, deps: AppDeps): void {
  app.post(`${JANUS_EVENTS_PATH}:key`, async (request, reply) => {
    const roomKey = deps.config.JANUS_ROOM_KEY;
    const { key } = request.params as { key: string };
    if (!roomKey || !sameKey(key, janusEventsKey(roomKey))) return reply.callNotFound();
    const items = Array.isArray(request.body) ? request.body : [request.body];
    for (const item of items.slice(0, 1000)) {
      const event = videoRoomEvent(item, roomKey);
      if (!event) continue;
      if (claimsAnotherUser(event)) {
        await refuseFeed(deps, event).catch((error: unknown) =>
          deps.log.warn({ err: error, room: event.room, feed: event.id }, 'could not kick a forged feed'),
        );
        continue;
      }
      if (fromRefusedFeed(event)) continue;
      for (const listener of listeners) {
        await listener(deps, event).catch((error: unknown) =>
          deps.log.warn({ err: error, event: event.event, room: event.room }, 'janus event listener failed'),
        );
      }
    }
    return reply.send({ ok: true });
  });
}
