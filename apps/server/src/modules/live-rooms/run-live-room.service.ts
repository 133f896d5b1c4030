import type { TJoinCredentials, TLiveRoomView } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type LiveRoomRecord, requireRoom } from './live-room-access.ts';
import { pushToClasses, pushToRoom } from './live-room-push.ts';
import { participantState, roomView } from './live-room-views.queries.ts';
import { mediaProviderFor } from './media/media-provider.ts';
import { queueRoomRecording } from './room-recording-job.ts';

const { liveRooms, liveRoomAttendance, liveRoomParticipants } = schema;

/** How long join credentials last: the room's length and an hour more (a class running late keeps its media). */
const credentialSeconds = (room: LiveRoomRecord) => (room.minutes + 60) * 60;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/** `/live-room/start-live`: hosts open a scheduled room; the media room opens first (its failure changes nothing). */
export async function startLiveRoom(ctx: TenantContext, roomId: number): Promise<TLiveRoomView> {
  const { siteId } = ctx.session;
  const { room, role } = await requireRoom(ctx.db, siteId, ctx.session, roomId, 'host');
  if (room.status === 'ended') throw new AppError('live_room_ended');
  if (room.status === 'scheduled') {
    const media = mediaProviderFor(ctx.deps.config);
    if (media) {
      await media
        .openRoom({ id: room.id, title: room.title, record: room.record, maxPublishers: 16 })
        .catch((error: unknown) => {
          throw new AppError('live_media_failed', { reason: reason(error) });
        });
    }
    const [started] = await ctx.db
      .update(liveRooms)
      .set({ status: 'live', startedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(liveRooms.id, room.id), eq(liveRooms.status, 'scheduled')))
      .returning();
    if (started) await pushToClasses(ctx.deps, started, { event: 'started' });
  }
  const now = await requireRoom(ctx.db, siteId, ctx.session, roomId, 'host');
  return roomView(ctx.db, ctx.deps.config, now.room, { userId: ctx.session.userId, role });
}

/** `/live-room/end-live`: hosts end a live room for everyone: every stay closes, then the media room. */
export async function endLiveRoom(ctx: TenantContext, roomId: number): Promise<TLiveRoomView> {
  const { siteId } = ctx.session;
  const ended = await ctx.db.transaction(async (tx) => {
    const { room, role } = await requireRoom(tx, siteId, ctx.session, roomId, 'host', true);
    if (room.status === 'scheduled') throw new AppError('live_room_not_live');
    if (room.status === 'ended') return { room, role, changed: false };
    const now = new Date();
    await tx
      .update(liveRoomAttendance)
      .set({ leftAt: now })
      .where(and(eq(liveRoomAttendance.roomId, room.id), isNull(liveRoomAttendance.leftAt)));
    // A recorded room on Janus gets its recording made once the media room has closed.
    const recorded = room.record && mediaProviderFor(ctx.deps.config)?.kind === 'janus';
    const [updated] = await tx
      .update(liveRooms)
      .set({ status: 'ended', endedAt: now, updatedAt: now, ...(recorded ? { recordingStatus: 'processing' } : {}) })
      .where(eq(liveRooms.id, room.id))
      .returning();
    return { room: updated!, role, changed: true };
  });
  if (ended.changed) {
    const media = mediaProviderFor(ctx.deps.config);
    await media
      ?.closeRoom(ended.room.id)
      .catch((error: unknown) => ctx.log.warn({ err: error, room: ended.room.id }, 'media room close failed'));
    if (ended.room.recordingStatus === 'processing') {
      await queueRoomRecording(ctx.deps, { siteId: ended.room.siteId, roomId: ended.room.id });
    }
    await pushToClasses(ctx.deps, ended.room, { event: 'ended' });
  }
  return roomView(ctx.db, ctx.deps.config, ended.room, { userId: ctx.session.userId, role: ended.role });
}

/** Refuses a user the host removed from the room. */
async function refuseRemoved(ctx: TenantContext, room: LiveRoomRecord): Promise<void> {
  const [row] = await ctx.db
    .select({ removed: liveRoomParticipants.removed })
    .from(liveRoomParticipants)
    .where(and(eq(liveRoomParticipants.roomId, room.id), eq(liveRoomParticipants.userId, ctx.session.userId)));
  if (row?.removed) throw new AppError('live_room_removed');
}

/** `/live-room/join`: while live, a stay starts (one open stay per user); before or after, the room as it is. */
export async function joinLiveRoom(ctx: TenantContext, roomId: number): Promise<TLiveRoomView> {
  const { siteId, userId } = ctx.session;
  const { room, role } = await requireRoom(ctx.db, siteId, ctx.session, roomId, 'view');
  if (room.status === 'live') {
    await refuseRemoved(ctx, room);
    await ctx.db.insert(liveRoomParticipants).values({ roomId: room.id, userId }).onConflictDoNothing();
    const [stay] = await ctx.db
      .insert(liveRoomAttendance)
      .values({ siteId, roomId: room.id, userId })
      .onConflictDoNothing()
      .returning({ id: liveRoomAttendance.id });
    if (stay) {
      // The newcomer's state comes with the news, so pages list them at once.
      const participant = await participantState(ctx.db, room, userId, role);
      await pushToRoom(ctx.deps, room, { event: 'joined', user_id: userId, participant });
    }
  }
  return roomView(ctx.db, ctx.deps.config, room, { userId, role });
}

/** `/live-room/quit`: the caller's open stay ends. */
export async function quitLiveRoom(ctx: TenantContext, roomId: number): Promise<{ ok: true }> {
  const { siteId, userId } = ctx.session;
  const { room } = await requireRoom(ctx.db, siteId, ctx.session, roomId, 'view');
  const closed = await ctx.db
    .update(liveRoomAttendance)
    .set({ leftAt: new Date() })
    .where(
      and(
        eq(liveRoomAttendance.roomId, room.id),
        eq(liveRoomAttendance.userId, userId),
        isNull(liveRoomAttendance.leftAt),
      ),
    )
    .returning({ id: liveRoomAttendance.id });
  if (closed.length > 0) await pushToRoom(ctx.deps, room, { event: 'left', user_id: userId });
  return { ok: true };
}

/** `/live-room/volcano-rtc-token`: the caller's credentials for the live room's media. */
export async function joinCredentials(ctx: TenantContext, roomId: number): Promise<TJoinCredentials> {
  const { room } = await requireRoom(ctx.db, ctx.session.siteId, ctx.session, roomId, 'view');
  if (room.status !== 'live') throw new AppError('live_room_not_live');
  await refuseRemoved(ctx, room);
  const media = mediaProviderFor(ctx.deps.config);
  if (!media) throw new AppError('live_media_unconfigured');
  return media.joinCredentials(room.id, ctx.session.userId, credentialSeconds(room)).catch((error: unknown) => {
    throw new AppError('live_media_failed', { reason: reason(error) });
  });
}
