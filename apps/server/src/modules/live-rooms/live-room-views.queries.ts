import type { TLiveMessage, TLiveParticipant, TLiveRoomRole, TLiveRoomView } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type LiveRoomRecord, roomStudentIds } from './live-room-access.ts';
import { roomRow } from './live-room-rows.queries.ts';
import { mediaProviderFor } from './media/media-provider.ts';

const NAME = sql`coalesce(nullif(u.nickname, ''), u.username)`;

interface ParticipantSql {
  user_id: number;
  name: string;
  camera: boolean | null;
  microphone: boolean | null;
  hand_raised: boolean | null;
  quality: TLiveParticipant['quality'] | null;
  on_stage: boolean | null;
  chat_muted: boolean | null;
}

function roleIn(room: LiveRoomRecord, userId: number, students: ReadonlySet<number>): TLiveRoomRole {
  if (room.hostId === userId) return 'host';
  if (room.coHostIds.includes(userId)) return 'co_host';
  return students.has(userId) ? 'student' : 'manager';
}

/** The users in the room now (an open stay), hosts first, with their state. */
export async function participantsIn(db: Executor, room: LiveRoomRecord): Promise<TLiveParticipant[]> {
  const rows = await queryRows<ParticipantSql>(
    db,
    sql`select a.user_id, ${NAME} as name, p.camera, p.microphone, p.hand_raised, p.quality, p.on_stage, p.chat_muted
      from live_room_attendance a join users u on u.id = a.user_id
      left join live_room_participants p on p.room_id = a.room_id and p.user_id = a.user_id
      where a.room_id = ${room.id} and a.left_at is null
      order by a.joined_at, a.user_id`,
  );
  const students = new Set(await roomStudentIds(db, room));
  const list = rows.map((row) => participantOf(room, row, students));
  const order = (p: TLiveParticipant) => (p.role === 'student' ? 1 : 0);
  return list.sort((a, b) => order(a) - order(b));
}

function participantOf(room: LiveRoomRecord, row: ParticipantSql, students: ReadonlySet<number>): TLiveParticipant {
  const userId = Number(row.user_id);
  return {
    user_id: userId,
    name: row.name,
    role: roleIn(room, userId, students),
    camera: row.camera ?? false,
    microphone: row.microphone ?? false,
    hand_raised: row.hand_raised ?? false,
    quality: row.quality ?? 'good',
    on_stage: row.on_stage ?? false,
    chat_muted: row.chat_muted ?? false,
  };
}

/** One user's state in a room (present or not). */
export async function participantState(
  db: Executor,
  room: LiveRoomRecord,
  userId: number,
  role: TLiveRoomRole,
): Promise<TLiveParticipant> {
  const [row] = await queryRows<ParticipantSql>(
    db,
    sql`select u.id as user_id, ${NAME} as name, p.camera, p.microphone, p.hand_raised, p.quality, p.on_stage,
        p.chat_muted
      from users u left join live_room_participants p on p.room_id = ${room.id} and p.user_id = u.id
      where u.id = ${userId}`,
  );
  return { ...participantOf(room, row!, new Set()), role };
}

const CHAT_PAGE = 100;

/** 100 messages of the room before `beforeId` (the latest when absent), oldest first. */
export async function chatMessages(db: Executor, roomId: number, beforeId?: number): Promise<TLiveMessage[]> {
  const rows = await queryRows<{ id: number; user_id: number; name: string; text: string; created_at: Date | string }>(
    db,
    sql`select m.id, m.user_id, ${NAME} as name, m.text, m.created_at
      from live_room_messages m join users u on u.id = m.user_id
      where m.room_id = ${roomId} ${beforeId ? sql`and m.id < ${beforeId}` : sql``}
      order by m.id desc limit ${CHAT_PAGE}`,
  );
  return rows.reverse().map((row) => ({
    id: Number(row.id),
    user_id: Number(row.user_id),
    name: row.name,
    text: row.text,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/** A room as the room page shows it to the caller. */
export async function roomView(
  db: Executor,
  config: Config,
  room: LiveRoomRecord,
  caller: { userId: number; role: TLiveRoomRole },
): Promise<TLiveRoomView> {
  const [row, participants, messages, me] = await Promise.all([
    roomRow(db, room.siteId, room.id),
    participantsIn(db, room),
    chatMessages(db, room.id),
    participantState(db, room, caller.userId, caller.role),
  ]);
  return {
    ...row,
    my_role: caller.role,
    chat_muted: room.chatMuted,
    me,
    participants,
    messages,
    media: mediaProviderFor(config) !== null,
    server_now: new Date().toISOString(),
  };
}
