import { queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import { loadRoom } from './live-room-access.ts';
import { pushToRoom } from './live-room-push.ts';

/** How often the sweep runs. */
export const SILENT_STAY_SWEEP_MS = 30_000;
/** A page syncs every 30 s; three missed syncs end the stay (a tab that died without saying goodbye). */
export const SILENT_AFTER_MS = 90_000;

/**
 * Ends the open stays of live rooms whose user has given no sign (a join or a status sync) for SILENT_AFTER_MS, at
 * that last sign: a crashed tab or a lost phone does not count as present for the rest of the class. The others in
 * the room are told (`left`). A page that comes back joins again and starts a new stay.
 */
export async function sweepSilentStays(deps: AppDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SILENT_AFTER_MS).toISOString();
  const closed = await queryRows<{ room_id: number; user_id: number; site_id: number }>(
    deps.db,
    sql`with silent as (
        select a.id, greatest(a.joined_at, coalesce(p.updated_at, a.joined_at)) as last_seen
        from live_room_attendance a
        join live_rooms r on r.id = a.room_id and r.status = 'live'
        left join live_room_participants p on p.room_id = a.room_id and p.user_id = a.user_id
        where a.left_at is null)
      update live_room_attendance a set left_at = s.last_seen
      from silent s
      where a.id = s.id and s.last_seen < ${before}::timestamptz and a.left_at is null
      returning a.room_id, a.user_id, a.site_id`,
  );
  for (const stay of closed) {
    const room = await loadRoom(deps.db, Number(stay.site_id), Number(stay.room_id));
    await pushToRoom(deps, room, { event: 'left', user_id: Number(stay.user_id) });
  }
  return closed.length;
}
