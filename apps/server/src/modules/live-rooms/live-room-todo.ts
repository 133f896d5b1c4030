import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { registerUserStat } from '../../platform/user-stat.ts';
import { registerTodoSource } from '../todo/index.ts';
import { myClassRoomsSql } from './live-room-lists.queries.ts';

/** How long before its start a room shows in the to-do panel. */
const SOON_MS = 15 * 60_000;

/** The rooms of the user's classes that are live, or scheduled to start within 15 minutes (or late to start). */
export async function roomsStartingSoon(db: Executor, siteId: number, userId: number, now = new Date()) {
  const soon = new Date(now.getTime() + SOON_MS).toISOString();
  const rows = await queryRows<{
    id: number;
    title: string;
    starts_at: Date | string;
    status: string;
    course_name: string | null;
  }>(
    db,
    sql`select r.id, r.title, r.starts_at, r.status, c.name as course_name
      from live_rooms r left join courses c on c.id = r.course_id
      where ${myClassRoomsSql(siteId, userId)}
        and (r.status = 'live' or (r.status = 'scheduled' and r.starts_at <= ${soon}::timestamptz))
      order by r.starts_at, r.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    starts_at: new Date(row.starts_at).toISOString(),
    live: row.status === 'live',
    course_name: row.course_name,
  }));
}

// The to-do panel lists, and the heartbeat counts, the rooms live or about to start for the caller's classes.
registerTodoSource(async (ctx) =>
  ctx.session.siteId === null
    ? {}
    : { live_room_list: await roomsStartingSoon(ctx.db, ctx.session.siteId, ctx.session.userId) },
);
registerUserStat('live_room_count', async (deps, session) =>
  session.siteId === null ? 0 : (await roomsStartingSoon(deps.db, session.siteId, session.userId)).length,
);
