import { COURSE_MANAGE_ALL_KEY, type TLiveRoomRole } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { classStudentsSql } from '../groups/index.ts';

const { liveRooms } = schema;
export type LiveRoomRecord = typeof liveRooms.$inferSelect;

/** Who is asking: the user and the keys of their current role. */
export interface RoomCaller {
  userId: number;
  permissions: ReadonlySet<string>;
}

/** A room of the organisation (locked when asked), else not_found. */
export async function loadRoom(db: Executor, siteId: number, id: number, lock = false): Promise<LiveRoomRecord> {
  const query = db
    .select()
    .from(liveRooms)
    .where(and(eq(liveRooms.siteId, siteId), eq(liveRooms.id, id)));
  const [room] = lock ? await query.for('update') : await query;
  if (!room) throw new AppError('not_found');
  return room;
}

/** The students of the room's classes now. */
export async function roomStudentIds(db: Executor, room: LiveRoomRecord): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(db, classStudentsSql(room.siteId, room.classIds));
  return rows.map((row) => Number(row.user_id));
}

/** The hosts of a room: its host and co-hosts. */
export const hostIdsOf = (room: Pick<LiveRoomRecord, 'hostId' | 'coHostIds'>) => [
  ...new Set([room.hostId, ...room.coHostIds]),
];

/**
 * The caller's part in a room: its host, a co-host, a manager of every course (hosting rights on every room of the
 * organisation), a student of an invited class; null for anybody else.
 */
export async function roomRoleOf(
  db: Executor,
  caller: RoomCaller,
  room: LiveRoomRecord,
): Promise<TLiveRoomRole | null> {
  if (room.hostId === caller.userId) return 'host';
  if (room.coHostIds.includes(caller.userId)) return 'co_host';
  if (caller.permissions.has(COURSE_MANAGE_ALL_KEY)) return 'manager';
  const [row] = await queryRows<{ user_id: number }>(
    db,
    sql`select s.user_id from (${classStudentsSql(room.siteId, room.classIds)}) s where s.user_id = ${caller.userId}`,
  );
  return row ? 'student' : null;
}

export const isHosting = (role: TLiveRoomRole) => role !== 'student';

/**
 * A room of the organisation with the caller's part in it: somebody with no part gets not_found (the room is not
 * theirs to know), a student asking for a host's action live_room_host_only.
 */
export async function requireRoom(
  db: Executor,
  siteId: number,
  caller: RoomCaller,
  id: number,
  need: 'view' | 'host',
  lock = false,
): Promise<{ room: LiveRoomRecord; role: TLiveRoomRole }> {
  const room = await loadRoom(db, siteId, id, lock);
  const role = await roomRoleOf(db, caller, room);
  if (role === null) throw new AppError('not_found');
  if (need === 'host' && !isHosting(role)) throw new AppError('live_room_host_only');
  return { room, role };
}
