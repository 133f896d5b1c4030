import { queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import { hostIdsOf, type LiveRoomRecord, roomStudentIds } from './live-room-access.ts';

/** What the room pages receive (`action: 'live_room'`): the room started or ended, who came or left, state, chat. */
export type LiveRoomEvent =
  | { event: 'started' | 'ended' }
  | { event: 'joined'; user_id: number; participant: unknown }
  | { event: 'left' | 'removed'; user_id: number }
  | { event: 'status'; participant: unknown }
  | { event: 'control'; control: string; user_id: number | null }
  | { event: 'chat'; message: unknown };

const envelope = (room: LiveRoomRecord, message: LiveRoomEvent) => ({
  data: { action: 'live_room', room_id: room.id, ...message },
});

/** Tells the hosts and everyone in the room now (an open stay), on every instance (best effort, never throws). */
export async function pushToRoom(deps: AppDeps, room: LiveRoomRecord, message: LiveRoomEvent): Promise<void> {
  try {
    const rows = await queryRows<{ user_id: number }>(
      deps.db,
      sql`select distinct user_id from live_room_attendance where room_id = ${room.id} and left_at is null`,
    );
    const users = new Set([...hostIdsOf(room), ...rows.map((row) => Number(row.user_id))]);
    await deps.hub.publishToUsers([...users], envelope(room, message));
  } catch (error) {
    deps.log.warn({ err: error, room: room.id }, 'live room push failed');
  }
}

/** Tells the hosts and every student of the invited classes (the room started or ended). */
export async function pushToClasses(deps: AppDeps, room: LiveRoomRecord, message: LiveRoomEvent): Promise<void> {
  try {
    const users = new Set([...hostIdsOf(room), ...(await roomStudentIds(deps.db, room))]);
    await deps.hub.publishToUsers([...users], envelope(room, message));
  } catch (error) {
    deps.log.warn({ err: error, room: room.id }, 'live room push failed');
  }
}

/** Tells the room's host and co-hosts (a participant's connection quality). */
export async function pushToHosts(deps: AppDeps, room: LiveRoomRecord, message: LiveRoomEvent): Promise<void> {
  await deps.hub.publishToUsers(hostIdsOf(room), envelope(room, message)).catch((error: unknown) => {
    deps.log.warn({ err: error, room: room.id }, 'live room push failed');
  });
}

/** Tells one user (a host's control aimed at them). */
export async function pushToUser(deps: AppDeps, room: LiveRoomRecord, userId: number, message: LiveRoomEvent) {
  await deps.hub.publishToUser(userId, envelope(room, message)).catch(() => undefined);
}
