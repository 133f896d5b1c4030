import type { TLiveRoomRow, TLiveRoomStatus } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { rawMoment } from '../../platform/raw-moment.ts';

interface RoomRowSql {
  id: number;
  title: string;
  description: string;
  course_id: number | null;
  course_name: string | null;
  host_id: number;
  host_name: string;
  co_hosts: { id: number; name: string }[];
  classes: { id: number; name: string }[];
  starts_at: Date | string;
  minutes: number;
  record: boolean;
  status: TLiveRoomStatus;
  started_at: Date | string | null;
  ended_at: Date | string | null;
  recording_status: TLiveRoomRow['recording_status'];
  recording_source_id: number | null;
  attendee_count: number;
  student_count: number;
}

const NAME = sql`coalesce(nullif(u.nickname, ''), u.username)`;

/**
 * Rooms as lists show them (`where` over `live_rooms r`), with the course, host, co-host and class names, the
 * users in the room now (live) or who came at all, and the invited classes' students.
 */
export async function roomRows(
  db: Executor,
  where: SQL,
  order: SQL = sql`r.starts_at, r.id`,
  page?: { limit: number; offset: number },
): Promise<TLiveRoomRow[]> {
  const rows = await queryRows<RoomRowSql>(
    db,
    sql`select r.id, r.title, r.description, r.course_id, c.name as course_name, r.host_id,
        (select ${NAME} from users u where u.id = r.host_id) as host_name,
        (select coalesce(json_agg(json_build_object('id', u.id, 'name', ${NAME}) order by u.id), '[]'::json)
          from users u where u.id in (select jsonb_array_elements_text(r.co_host_ids)::bigint)) as co_hosts,
        (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name) order by g.id), '[]'::json)
          from groups g where g.site_id = r.site_id
            and g.id in (select jsonb_array_elements_text(r.class_ids)::bigint)) as classes,
        r.starts_at, r.minutes, r.record, r.status, r.started_at, r.ended_at, r.recording_status, r.recording_source_id,
        (select count(distinct a.user_id)::int from live_room_attendance a
          where a.room_id = r.id and (r.status <> 'live' or a.left_at is null)) as attendee_count,
        (select count(distinct su.user_id)::int from group_members gm
          join groups g on g.id = gm.group_id and g.site_id = r.site_id
          join site_users su on su.id = gm.site_user_id
          where gm.kind = 'class' and gm.group_id in (select jsonb_array_elements_text(r.class_ids)::bigint))
          as student_count
      from live_rooms r left join courses c on c.id = r.course_id
      where ${where}
      order by ${order}
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    description: row.description,
    course_id: row.course_id === null ? null : Number(row.course_id),
    course_name: row.course_name,
    host: { id: Number(row.host_id), name: row.host_name },
    co_hosts: row.co_hosts.map((host) => ({ id: Number(host.id), name: host.name })),
    classes: row.classes.map((group) => ({ id: Number(group.id), name: group.name })),
    starts_at: rawMoment(row.starts_at)!,
    minutes: Number(row.minutes),
    record: row.record,
    status: row.status,
    started_at: rawMoment(row.started_at),
    ended_at: rawMoment(row.ended_at),
    recording_status: row.recording_status,
    recording_source_id: row.recording_source_id === null ? null : Number(row.recording_source_id),
    attendee_count: Number(row.attendee_count),
    student_count: Number(row.student_count),
  }));
}

/** How many rooms `where` selects. */
export async function roomCount(db: Executor, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from live_rooms r where ${where}`);
  return Number(row?.n ?? 0);
}

/** One room as lists show it. */
export async function roomRow(db: Executor, siteId: number, id: number): Promise<TLiveRoomRow> {
  const [row] = await roomRows(db, sql`r.site_id = ${siteId} and r.id = ${id}`);
  return row!;
}
