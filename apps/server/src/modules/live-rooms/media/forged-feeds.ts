import type { AppDeps } from '../../../platform/context.ts';
import { FEEDS_PER_USER } from '../recording-files.ts';
import type { VideoRoomEvent } from './janus-events.ts';
import { JanusProvider } from './janus-provider.ts';
import { mediaProviderFor } from './media-provider.ts';

/**
 * A participant must join under its own name: its feed id `userId × 1000 + n` and its display `"<userId>"` (or
 * `"<userId>:screen"`) must name the user its room token was issued to (janusRoomToken). Janus cannot check that
 * itself (any id and display are accepted with a valid token), so the `joined` event is checked here and a feed
 * that claims another user is kicked at once, and its later events (published, leaving…) are dropped: nobody's
 * camera seems to start or stop because someone else joined under their id.
 */
const REMEMBER_MS = 10 * 60_000;
const MAX_REMEMBERED = 10_000;
/** Refused feeds ("room:feed") of this process and until when their events are dropped. */
const refused = new Map<string, number>();

const keyOf = (event: VideoRoomEvent) => `${event.room}:${event.id}`;

/** Whether a `joined` event's feed id or display names another user than its room token (or the token is not ours). */
export function claimsAnotherUser(event: VideoRoomEvent): boolean {
  if (event.event !== 'joined' || event.id === undefined) return false;
  const tokenUser = event.tokenUser ?? null;
  if (tokenUser === null) return true;
  if (Math.floor(event.id / FEEDS_PER_USER) !== tokenUser) return true;
  return event.display !== undefined && !new RegExp(`^${tokenUser}(:screen)?$`).test(event.display);
}

/** Whether `event` belongs to a feed refused earlier (within REMEMBER_MS). */
export function fromRefusedFeed(event: VideoRoomEvent): boolean {
  if (event.id === undefined) return false;
  const until = refused.get(keyOf(event));
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  refused.delete(keyOf(event));
  return false;
}

/** Kicks the feed of a `joined` event that claims another user, logs it, and drops its later events. */
export async function refuseFeed(deps: AppDeps, event: VideoRoomEvent): Promise<void> {
  if (refused.size >= MAX_REMEMBERED) refused.delete(refused.keys().next().value as string);
  refused.set(keyOf(event), Date.now() + REMEMBER_MS);
  deps.log.warn(
    { room: event.room, feed: event.id, display: event.display, tokenUser: event.tokenUser },
    'media room feed claims another user: kicked',
  );
  const media = mediaProviderFor(deps.config);
  if (media instanceof JanusProvider && event.id !== undefined) await media.kickFeed(event.room, event.id);
}
