import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { rawMoment } from '../../platform/raw-moment.ts';
import { classStudentsSql } from '../groups/index.ts';
import type { LiveRoomRecord } from './live-room-access.ts';

interface AttendanceSql {
  user_id: number;
  username: string;
  nickname: string;
  class_name: string;
  first_joined_at: Date | string | null;
  last_left_at: Date | string | null;
  seconds: number | null;
  stays: number;
  in_room: boolean;
}

/**
 * `/live-room/attendance`: every student of the invited classes with their stays: whole minutes summed over the
 * stays (a stay still open counts to now while live, to the room's end after), first join and last leave.
 */
export async function roomAttendance(db: Executor, room: LiveRoomRecord, now = new Date()) {
  const until = room.endedAt ?? now;
  const rows = await queryRows<AttendanceSql>(
    db,
    sql`with students as (${classStudentsSql(room.siteId, room.classIds)})
      select u.id as user_id, u.username, u.nickname,
        coalesce((select string_agg(g.name, ', ' order by g.name) from group_members gm
          join groups g on g.id = gm.group_id join site_users su on su.id = gm.site_user_id
          where gm.kind = 'class' and su.user_id = u.id and su.site_id = ${room.siteId}
            and g.id in (select jsonb_array_elements_text(${JSON.stringify(room.classIds)}::jsonb)::bigint)), '')
          as class_name,
        min(a.joined_at) as first_joined_at, max(a.left_at) as last_left_at,
        sum(extract(epoch from coalesce(a.left_at, ${until.toISOString()}::timestamptz) - a.joined_at)) as seconds,
        count(a.id)::int as stays, bool_or(a.id is not null and a.left_at is null) as in_room
      from students s join users u on u.id = s.user_id
      left join live_room_attendance a on a.room_id = ${room.id} and a.user_id = u.id
      group by u.id, u.username, u.nickname
      order by count(a.id) = 0, u.username`,
  );
  return rows.map((row) => ({
    user_id: Number(row.user_id),
    username: row.username,
    nickname: row.nickname,
    class_name: row.class_name,
    joined: Number(row.stays) > 0,
    first_joined_at: rawMoment(row.first_joined_at),
    last_left_at: Number(row.stays) > 0 && !row.in_room ? rawMoment(row.last_left_at) : null,
    minutes: Math.floor(Math.max(0, Number(row.seconds ?? 0)) / 60),
    stays: Number(row.stays),
    in_room: Boolean(row.in_room),
  }));
}
