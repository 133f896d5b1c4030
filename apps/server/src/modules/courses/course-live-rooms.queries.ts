import type { TCourseTaskView, TLiveRoomStatus } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { rawMoment } from '../../platform/raw-moment.ts';
import { liveAttendanceSql } from './course-live-work.queries.ts';
import { courseMaterialUrl } from './course-material-sources.queries.ts';
import { idList } from './course-work.queries.ts';

interface LiveRoomSql {
  id: number;
  title: string;
  starts_at: Date | string;
  minutes: number;
  status: TLiveRoomStatus;
  recording_source_id: number | null;
  attended_seconds: string | number | null;
}

/**
 * The live rooms of the organisation with `ids`, each with the user's seconds in it while live, and the recording's
 * teaching source when the room ended with a recording ready to show (the room says ready and the source has its
 * playable file); else `recording_source_id` null.
 */
function roomsWithAttendance(db: Executor, siteId: number, userId: number, ids: readonly number[]) {
  return queryRows<LiveRoomSql>(
    db,
    sql`select r.id, r.title, r.starts_at, r.minutes, r.status, ts.id as recording_source_id,
        coalesce(w.attended_seconds, 0) as attended_seconds
      from live_rooms r
      left join teaching_sources ts on ts.id = r.recording_source_id and ts.site_id = r.site_id
        and r.status = 'ended' and r.recording_status = 'ready' and ts.status = 'ready' and ts.view_key is not null
      left join (${liveAttendanceSql(sql`a.room_id in (${idList(ids)}) and a.user_id = ${userId}`)}) w
        on w.room_id = r.id
      where r.site_id = ${siteId} and r.id in (${idList(ids)})`,
  );
}

/**
 * The student's views with `live_room` on each live task whose room is still there: the room's title, start, length
 * and state, the whole seconds they were in it while live, and its recording once ready (through the task, as a
 * material's library file: only while the task is theirs to open, available or done).
 */
export async function withLiveRooms(
  db: Executor,
  siteId: number,
  userId: number,
  views: TCourseTaskView[],
): Promise<TCourseTaskView[]> {
  const ids = views.flatMap((view) => (view.kind === 'live' && view.live_room_id !== null ? [view.live_room_id] : []));
  if (ids.length === 0) return views;
  const rooms = new Map(
    (await roomsWithAttendance(db, siteId, userId, [...new Set(ids)])).map((row) => [Number(row.id), row]),
  );
  return views.map((view) => {
    const room = view.kind === 'live' && view.live_room_id !== null ? rooms.get(view.live_room_id) : undefined;
    if (!room) return view;
    return {
      ...view,
      live_room: {
        id: Number(room.id),
        title: room.title,
        starts_at: rawMoment(room.starts_at)!,
        minutes: Number(room.minutes),
        status: room.status,
        recording_url: room.recording_source_id !== null && view.state !== 'locked' ? courseMaterialUrl(view.id) : null,
        attended_seconds: Math.floor(Number(room.attended_seconds ?? 0)),
      },
    };
  });
}

/** The teaching source of a live room's recording once the room ended with it ready, else null. */
export async function liveRecordingSourceId(db: Executor, siteId: number, roomId: number): Promise<number | null> {
  const [row] = await queryRows<{ recording_source_id: number | null }>(
    db,
    sql`select r.recording_source_id from live_rooms r
      where r.site_id = ${siteId} and r.id = ${roomId} and r.status = 'ended' and r.recording_status = 'ready'`,
  );
  return row?.recording_source_id == null ? null : Number(row.recording_source_id);
}
