import type { TLiveMessage, TLiveParticipant } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isHosting, type LiveRoomRecord, requireRoom } from './live-room-access.ts';
import { pushToHosts, pushToRoom, pushToUser } from './live-room-push.ts';
import { chatMessages, participantState } from './live-room-views.queries.ts';
import { mediaProviderFor } from './media/media-provider.ts';

const { liveRooms, liveRoomAttendance, liveRoomParticipants, liveRoomMessages } = schema;
type LiveQuality = TLiveParticipant['quality'];

type ParticipantValues = Partial<typeof liveRoomParticipants.$inferInsert>;

/** Sets a user's state in a room (the row made when missing). */
async function setParticipant(ctx: TenantContext, roomId: number, userId: number, values: ParticipantValues) {
  await ctx.db
    .insert(liveRoomParticipants)
    .values({ roomId, userId, ...values })
    .onConflictDoUpdate({
      target: [liveRoomParticipants.roomId, liveRoomParticipants.userId],
      set: { ...values, updatedAt: new Date() },
    });
}

/** Whether what the others' pages show of a participant changed (devices, hand), beside the connection quality. */
const shownChanged = (before: TLiveParticipant, after: TLiveParticipant) =>
  before.camera !== after.camera || before.microphone !== after.microphone || before.hand_raised !== after.hand_raised;

function requireLive(room: LiveRoomRecord): void {
  if (room.status !== 'live') throw new AppError(room.status === 'ended' ? 'live_room_ended' : 'live_room_not_live');
}

/**
 * `/live-room/user-status-sync`: the caller's devices, hand and connection. A change of camera, microphone or hand
 * is told to everyone in the room; a change of connection quality alone only to the hosts (who watch it); the sync
 * every page sends each 30 s with nothing changed is told to nobody (in a class of 200 it would be 200 pushes each).
 */
export async function syncUserStatus(
  ctx: TenantContext,
  input: { room_id: number; camera: boolean; microphone: boolean; hand_raised: boolean; quality: LiveQuality },
): Promise<TLiveParticipant> {
  const { siteId, userId } = ctx.session;
  const { room, role } = await requireRoom(ctx.db, siteId, ctx.session, input.room_id, 'view');
  requireLive(room);
  const before = await participantState(ctx.db, room, userId, role);
  await setParticipant(ctx, room.id, userId, {
    camera: input.camera,
    microphone: input.microphone,
    handRaised: input.hand_raised,
    quality: input.quality,
  });
  const participant = await participantState(ctx.db, room, userId, role);
  // Only a user in the room (an open stay) is news to the others: a stale page's sync must not list them again.
  const [stay] = await ctx.db
    .select({ id: liveRoomAttendance.id })
    .from(liveRoomAttendance)
    .where(
      and(
        eq(liveRoomAttendance.roomId, room.id),
        eq(liveRoomAttendance.userId, userId),
        isNull(liveRoomAttendance.leftAt),
      ),
    );
  if (stay) {
    const news = { event: 'status', participant } as const;
    if (shownChanged(before, participant)) await pushToRoom(ctx.deps, room, news);
    else if (before.quality !== participant.quality) await pushToHosts(ctx.deps, room, news);
  }
  return participant;
}

const ROOM_WIDE = new Set(['mute_all_chat', 'unmute_all_chat']);
const VALUES: Record<string, ParticipantValues> = {
  mute_chat: { chatMuted: true },
  unmute_chat: { chatMuted: false },
  invite_stage: { onStage: true },
  leave_stage: { onStage: false, camera: false, microphone: false },
  lower_hand: { handRaised: false },
  mute_microphone: { microphone: false },
  remove: { removed: true, onStage: false },
};

/** `/live-room/control`: a host's control over a participant or the whole chat; the room is told. */
export async function controlRoom(
  ctx: TenantContext,
  input: { room_id: number; action: string; user_id?: number },
): Promise<{ ok: true }> {
  const { siteId } = ctx.session;
  const { room } = await requireRoom(ctx.db, siteId, ctx.session, input.room_id, 'host');
  requireLive(room);
  if (ROOM_WIDE.has(input.action)) {
    const chatMuted = input.action === 'mute_all_chat';
    await ctx.db.update(liveRooms).set({ chatMuted, updatedAt: new Date() }).where(eq(liveRooms.id, room.id));
    await pushToRoom(ctx.deps, room, { event: 'control', control: input.action, user_id: null });
    return { ok: true };
  }
  // The contract requires user_id for every action but the room-wide ones.
  const target = input.user_id!;
  if (target === room.hostId) throw new AppError('live_room_host_only');
  await requireRoom(ctx.db, siteId, { userId: target, permissions: new Set() }, room.id, 'view');
  await setParticipant(ctx, room.id, target, VALUES[input.action]!);
  if (input.action === 'remove') {
    await ctx.db
      .update(liveRoomAttendance)
      .set({ leftAt: new Date() })
      .where(
        and(
          eq(liveRoomAttendance.roomId, room.id),
          eq(liveRoomAttendance.userId, target),
          isNull(liveRoomAttendance.leftAt),
        ),
      );
    await mediaProviderFor(ctx.deps.config)
      ?.removeUser(room.id, target)
      .catch((error: unknown) => ctx.log.warn({ err: error, room: room.id }, 'media kick failed'));
    await pushToUser(ctx.deps, room, target, { event: 'removed', user_id: target });
  }
  await pushToRoom(ctx.deps, room, { event: 'control', control: input.action, user_id: target });
  return { ok: true };
}

/** `/live-room/chat-send`: a message to the room, refused while the chat or the sender is muted (hosts never are). */
export async function sendChat(ctx: TenantContext, input: { room_id: number; text: string }): Promise<TLiveMessage> {
  const { siteId, userId } = ctx.session;
  const { room, role } = await requireRoom(ctx.db, siteId, ctx.session, input.room_id, 'view');
  requireLive(room);
  if (!isHosting(role)) {
    const [me] = await ctx.db
      .select({ muted: liveRoomParticipants.chatMuted, removed: liveRoomParticipants.removed })
      .from(liveRoomParticipants)
      .where(and(eq(liveRoomParticipants.roomId, room.id), eq(liveRoomParticipants.userId, userId)));
    if (me?.removed) throw new AppError('live_room_removed');
    if (room.chatMuted || me?.muted) throw new AppError('live_chat_muted');
  }
  const [created] = await ctx.db
    .insert(liveRoomMessages)
    .values({ siteId, roomId: room.id, userId, text: input.text })
    .returning({ id: liveRoomMessages.id });
  const [message] = (await chatMessages(ctx.db, room.id, created!.id + 1)).slice(-1);
  await pushToRoom(ctx.deps, room, { event: 'chat', message });
  return message!;
}
