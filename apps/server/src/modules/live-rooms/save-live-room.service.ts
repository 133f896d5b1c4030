import type { TLiveRoomRow } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { courseClassIds, requireClasses, requireCourse, requireCourseTeachers } from '../courses/index.ts';
import { requireRoom } from './live-room-access.ts';
import { roomRow } from './live-room-rows.queries.ts';

const { liveRooms, groups } = schema;

interface RoomInput {
  title: string;
  description: string;
  course_id: number | null;
  class_ids: number[];
  co_host_ids: number[];
  starts_at: string;
  minutes: number;
  record: boolean;
}

/**
 * The classes may be invited: classes of the organisation, and of the course when the room has one (else
 * live_room_class_wrong naming the first that is not); co-hosts teach in the organisation (course_teacher_invalid).
 */
async function checkInput(
  ctx: TenantContext,
  input: RoomInput,
  room: { hostId: number; courseId: number | null } | null,
): Promise<number[]> {
  const { siteId } = ctx.session;
  await requireClasses(ctx.db, siteId, input.class_ids);
  if (input.course_id !== null) {
    // Putting a room in a course takes the right to edit that course; a co-host keeps the course it has.
    if (room?.courseId !== input.course_id) await requireCourse(ctx.db, siteId, ctx.session, input.course_id, 'edit');
    const taught = new Set(await courseClassIds(ctx.db, siteId, input.course_id));
    const outside = input.class_ids.find((id) => !taught.has(id));
    if (outside !== undefined) {
      const [group] = await ctx.db
        .select({ name: groups.name })
        .from(groups)
        .where(and(eq(groups.siteId, siteId), inArray(groups.id, [outside])));
      throw new AppError('live_room_class_wrong', { name: group?.name ?? String(outside) });
    }
  }
  const hostId = room?.hostId ?? ctx.session.userId;
  const coHosts = [...new Set(input.co_host_ids)].filter((id) => id !== hostId);
  await requireCourseTeachers(ctx.db, siteId, coHosts);
  return coHosts;
}

const valuesOf = (input: RoomInput, coHostIds: number[]) => ({
  title: input.title,
  description: input.description,
  courseId: input.course_id,
  classIds: [...new Set(input.class_ids)],
  coHostIds,
  startsAt: new Date(input.starts_at),
  minutes: input.minutes,
  record: input.record,
});

/** `/live-room/create`: a scheduled room the caller hosts. */
export async function createLiveRoom(ctx: TenantContext, input: RoomInput): Promise<TLiveRoomRow> {
  const { siteId, userId } = ctx.session;
  const coHosts = await checkInput(ctx, input, null);
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(liveRooms)
      .values({ siteId, hostId: userId, createdBy: userId, ...valuesOf(input, coHosts) })
      .returning({ id: liveRooms.id });
    await recordAudit(tx, {
      userId,
      siteId,
      action: 'live_room_create',
      targetType: 'live_room',
      targetId: String(created!.id),
      details: { title: input.title, class_ids: input.class_ids },
      ip: ctx.ip,
    });
    return created!.id;
  });
  return roomRow(ctx.db, siteId, id);
}

/** `/live-room/update`: hosts change a room not yet ended; its course stays while it is live. */
export async function updateLiveRoom(ctx: TenantContext, input: RoomInput & { id: number }): Promise<TLiveRoomRow> {
  const { siteId } = ctx.session;
  const { room } = await requireRoom(ctx.db, siteId, ctx.session, input.id, 'host');
  if (room.status === 'ended') throw new AppError('live_room_ended');
  if (room.status === 'live' && room.courseId !== input.course_id) throw new AppError('live_room_live');
  const coHosts = await checkInput(ctx, input, room);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(liveRooms)
      .set({ ...valuesOf(input, coHosts), updatedAt: new Date() })
      .where(and(eq(liveRooms.siteId, siteId), eq(liveRooms.id, room.id)));
    await recordAudit(tx, {
      userId: ctx.session.userId,
      siteId,
      action: 'live_room_update',
      targetType: 'live_room',
      targetId: String(room.id),
      details: { title: input.title, class_ids: input.class_ids },
      ip: ctx.ip,
    });
  });
  return roomRow(ctx.db, siteId, room.id);
}

/** `/live-room/delete`: hosts delete a room not live, with its attendance and chat. */
export async function deleteLiveRoom(ctx: TenantContext, id: number): Promise<{ ok: true }> {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const { room } = await requireRoom(tx, siteId, ctx.session, id, 'host', true);
    if (room.status === 'live') throw new AppError('live_room_live');
    await tx.delete(liveRooms).where(and(eq(liveRooms.siteId, siteId), eq(liveRooms.id, room.id)));
    await recordAudit(tx, {
      userId: ctx.session.userId,
      siteId,
      action: 'live_room_delete',
      targetType: 'live_room',
      targetId: String(room.id),
      details: { title: room.title },
      ip: ctx.ip,
    });
  });
  return { ok: true };
}
