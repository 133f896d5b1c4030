import { type SQL, sql } from 'drizzle-orm';

/**
 * Live tasks (docs/courses.md "Completion"): per live room and user who stayed in it, the seconds they were in while
 * it was live, whether it ended, and their score once it did, 0-100 — the attended seconds over the room's live
 * seconds, at most 1 (100 for anyone who came into a room live for 0 seconds); null while it is not ended. A stay
 * lasts from its join to its leave (now while still in), and counts only inside the room's live window
 * [started_at, ended_at or now]. `where` selects among `live_room_attendance a` and `live_rooms r`.
 */
export const liveAttendanceSql = (where: SQL) =>
  sql`select w.room_id, w.user_id, w.ended, w.attended_seconds,
      case when w.ended then least(1, coalesce(w.attended_seconds / nullif(w.live_seconds, 0), 1)) * 100 end
        as score
    from (
      select a.room_id, a.user_id, r.status = 'ended' as ended,
        sum(greatest(0, extract(epoch from
          least(coalesce(a.left_at, now()), coalesce(r.ended_at, now())) - greatest(a.joined_at, r.started_at))))
          ::numeric as attended_seconds,
        extract(epoch from coalesce(r.ended_at, now()) - r.started_at)::numeric as live_seconds
      from live_room_attendance a join live_rooms r on r.id = a.room_id
      where ${where}
      group by a.room_id, a.user_id, r.id
    ) w`;
