import type { TLiveMessage, TLiveParticipant, TLiveRoomView } from '@app/contracts';
import type { LiveControl } from './queries.ts';

/** A push about one room (`data.action: 'live_room'`, see the server's live-room-push.ts). */
export type LiveRoomPush = { action: 'live_room'; room_id: number } & (
  | { event: 'started' | 'ended' }
  | { event: 'joined'; user_id: number; participant: TLiveParticipant }
  | { event: 'left' | 'removed'; user_id: number }
  | { event: 'status'; participant: TLiveParticipant }
  | { event: 'control'; control: LiveControl; user_id: number | null }
  | { event: 'chat'; message: TLiveMessage }
);

/** The chat the page keeps in memory (older messages load on demand; a long class keeps the latest). */
export const CHAT_KEPT = 500;

const hostsFirst = (p: TLiveParticipant) => (p.role === 'student' ? 1 : 0);

/** Puts a participant's state in the list (replaced in place, or added after the others of their kind). */
export function upsertParticipant(list: readonly TLiveParticipant[], next: TLiveParticipant): TLiveParticipant[] {
  if (list.some((p) => p.user_id === next.user_id)) return list.map((p) => (p.user_id === next.user_id ? next : p));
  return [...list, next].sort((a, b) => hostsFirst(a) - hostsFirst(b));
}

/** Messages merged by id, oldest first, at most CHAT_KEPT (the latest). */
export function mergeMessages(list: readonly TLiveMessage[], more: readonly TLiveMessage[]): TLiveMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const message of more) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-CHAT_KEPT);
}

/** The participant's state a host's control leaves (null: the control says nothing about them). */
function controlled(p: TLiveParticipant, control: LiveControl): TLiveParticipant | null {
  switch (control) {
    case 'mute_chat':
      return { ...p, chat_muted: true };
    case 'unmute_chat':
      return { ...p, chat_muted: false };
    case 'invite_stage':
      return { ...p, on_stage: true };
    case 'leave_stage':
      return { ...p, on_stage: false, camera: false, microphone: false };
    case 'lower_hand':
      return { ...p, hand_raised: false };
    case 'mute_microphone':
      return { ...p, microphone: false };
    default:
      return null;
  }
}

/** Sets one user's state in both the list and, when it is the caller, `me`. */
function withParticipant(
  view: TLiveRoomView,
  userId: number,
  change: (p: TLiveParticipant) => TLiveParticipant | null,
) {
  const participants = view.participants.flatMap((p) => {
    if (p.user_id !== userId) return [p];
    const next = change(p);
    return next ? [next] : [];
  });
  const me = view.me && view.me.user_id === userId ? (change(view.me) ?? view.me) : view.me;
  return { ...view, participants, me };
}

/**
 * The room view after a push, without asking the server: the caller's page stays current when dozens of people come
 * and go. `started`/`ended` change the status only (the page reads the room again for the rest).
 */
export function applyPush(view: TLiveRoomView, push: LiveRoomPush, now = new Date()): TLiveRoomView {
  switch (push.event) {
    case 'started':
      return view.status === 'scheduled' ? { ...view, status: 'live', started_at: now.toISOString() } : view;
    case 'ended':
      return { ...view, status: 'ended', ended_at: view.ended_at ?? now.toISOString(), participants: [] };
    case 'joined':
      return { ...view, participants: upsertParticipant(view.participants, push.participant) };
    case 'left':
    case 'removed':
      return { ...view, participants: view.participants.filter((p) => p.user_id !== push.user_id) };
    case 'status': {
      const next = push.participant;
      const me = view.me?.user_id === next.user_id ? { ...next, role: view.me.role } : view.me;
      return { ...view, me, participants: upsertParticipant(view.participants, next) };
    }
    case 'control': {
      if (push.control === 'mute_all_chat' || push.control === 'unmute_all_chat') {
        return { ...view, chat_muted: push.control === 'mute_all_chat' };
      }
      if (push.user_id === null) return view;
      if (push.control === 'remove') {
        return { ...view, participants: view.participants.filter((p) => p.user_id !== push.user_id) };
      }
      return withParticipant(view, push.user_id, (p) => controlled(p, push.control));
    }
    case 'chat':
      return { ...view, messages: mergeMessages(view.messages, [push.message]) };
    default:
      return view;
  }
}

/** Whether a push is about this room. */
export function isRoomPush(data: unknown, roomId: number): data is LiveRoomPush {
  const push = data as Partial<LiveRoomPush> | null;
  return push?.action === 'live_room' && push.room_id === roomId && typeof push.event === 'string';
}
