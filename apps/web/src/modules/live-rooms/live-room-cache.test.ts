import type { TLiveParticipant, TLiveRoomView } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { FEEDS_PER_USER, feedIdFor, parseDisplay, SCREEN_FEED_FROM } from '../janus/index.ts';
import { applyPush, isRoomPush, type LiveRoomPush, mergeMessages } from './live-room-cache.ts';
import { qualityOf, worse } from './media-quality.ts';

const person = (userId: number, role: TLiveParticipant['role'] = 'student'): TLiveParticipant => ({
  user_id: userId,
  name: `u${userId}`,
  role,
  camera: false,
  microphone: false,
  hand_raised: false,
  quality: 'good',
  on_stage: false,
  chat_muted: false,
});

const room = (): TLiveRoomView => ({
  id: 7,
  title: 'Room',
  description: '',
  course_id: null,
  course_name: null,
  host: { id: 1, name: 'u1' },
  co_hosts: [],
  classes: [{ id: 3, name: 'C' }],
  starts_at: '2026-01-01T10:00:00.000Z',
  minutes: 45,
  record: false,
  status: 'live',
  started_at: '2026-01-01T10:00:00.000Z',
  ended_at: null,
  recording_status: 'none',
  recording_source_id: null,
  attendee_count: 2,
  student_count: 30,
  my_role: 'student',
  chat_muted: false,
  me: person(5),
  participants: [person(1, 'host'), person(5)],
  messages: [{ id: 10, user_id: 1, name: 'u1', text: 'hi', created_at: '2026-01-01T10:01:00.000Z' }],
  media: true,
  server_now: '2026-01-01T10:02:00.000Z',
});

/** A push's own fields, per kind of push (Omit over the union would keep only the common ones). */
type PushBody<P = LiveRoomPush> = P extends unknown ? Omit<P, 'action' | 'room_id'> : never;
const push = (rest: PushBody) => ({ action: 'live_room', room_id: 7, ...rest }) as LiveRoomPush;

describe('live room pushes applied to the cached view', () => {
  it('adds a newcomer from their state (students after hosts) and drops who left', () => {
    const joined = applyPush(room(), push({ event: 'status', participant: { ...person(9), hand_raised: true } }));
    expect(joined.participants.map((p) => p.user_id)).toEqual([1, 5, 9]);
    const coHost = applyPush(joined, push({ event: 'status', participant: person(4, 'co_host') }));
    expect(coHost.participants.map((p) => p.user_id)).toEqual([1, 4, 5, 9]);
    expect(applyPush(coHost, push({ event: 'left', user_id: 9 })).participants.map((p) => p.user_id)).toEqual([
      1, 4, 5,
    ]);
    const arrived = applyPush(room(), push({ event: 'joined', user_id: 8, participant: person(8) }));
    expect(arrived.participants.map((p) => p.user_id)).toEqual([1, 5, 8]);
  });

  it('keeps the caller in step with controls aimed at them, and the room-wide chat mute', () => {
    const raised = applyPush(room(), push({ event: 'status', participant: { ...person(5), hand_raised: true } }));
    expect(raised.me?.hand_raised).toBe(true);
    expect(raised.me?.role).toBe('student');
    const lowered = applyPush(raised, push({ event: 'control', control: 'lower_hand', user_id: 5 }));
    expect(lowered.me?.hand_raised).toBe(false);
    expect(lowered.participants.find((p) => p.user_id === 5)?.hand_raised).toBe(false);
    const staged = applyPush(lowered, push({ event: 'control', control: 'invite_stage', user_id: 5 }));
    expect(staged.me?.on_stage).toBe(true);
    const off = applyPush(
      { ...staged, me: { ...staged.me!, camera: true } },
      push({ event: 'control', control: 'leave_stage', user_id: 5 }),
    );
    expect(off.me).toMatchObject({ on_stage: false, camera: false, microphone: false });
    expect(applyPush(off, push({ event: 'control', control: 'mute_all_chat', user_id: null })).chat_muted).toBe(true);
    expect(applyPush(off, push({ event: 'control', control: 'remove', user_id: 5 })).participants).toHaveLength(1);
  });

  it('merges chat messages once each, in order, and follows the start and the end', () => {
    const message = { id: 11, user_id: 5, name: 'u5', text: 'yo', created_at: '2026-01-01T10:03:00.000Z' };
    const once = applyPush(room(), push({ event: 'chat', message }));
    expect(applyPush(once, push({ event: 'chat', message })).messages.map((m) => m.id)).toEqual([10, 11]);
    expect(mergeMessages(once.messages, [{ ...message, id: 3 }]).map((m) => m.id)).toEqual([3, 10, 11]);
    const ended = applyPush(room(), push({ event: 'ended' }));
    expect(ended).toMatchObject({ status: 'ended', participants: [] });
    const scheduled = { ...room(), status: 'scheduled' as const, started_at: null };
    expect(applyPush(scheduled, push({ event: 'started' })).status).toBe('live');
  });

  it('tells pushes of this room from others', () => {
    expect(isRoomPush(push({ event: 'started' }), 7)).toBe(true);
    expect(isRoomPush({ ...push({ event: 'started' }), room_id: 8 }, 7)).toBe(false);
    expect(isRoomPush({ action: 'interact', run_id: 7 }, 7)).toBe(false);
    expect(isRoomPush(null, 7)).toBe(false);
  });
});

describe('media helpers', () => {
  it('reads the publishers a page shows: a user camera, a user screen, nothing else', () => {
    expect(parseDisplay('12')).toEqual({ userId: 12, screen: false });
    expect(parseDisplay('12:screen')).toEqual({ userId: 12, screen: true });
    expect(parseDisplay('bob')).toBeNull();
    expect(parseDisplay(undefined)).toBeNull();
  });

  it('gives feed ids that name the user and the kind (camera below 500, screen from 500) and change per join', () => {
    const camera = feedIdFor(12, false);
    const screen = feedIdFor(12, true);
    expect(Math.floor(camera / FEEDS_PER_USER)).toBe(12);
    expect(camera % FEEDS_PER_USER).toBeLessThan(SCREEN_FEED_FROM);
    expect(Math.floor(screen / FEEDS_PER_USER)).toBe(12);
    expect(screen % FEEDS_PER_USER).toBeGreaterThanOrEqual(SCREEN_FEED_FROM);
    expect(feedIdFor(12, false)).not.toBe(camera);
  });

  it('grades the connection from its round trip and losses', () => {
    expect(qualityOf(0.05, 0)).toBe('good');
    expect(qualityOf(0.3, null)).toBe('fair');
    expect(qualityOf(null, 0.2)).toBe('poor');
    expect(worse('fair', 'lost')).toBe('lost');
    expect(worse('poor', 'good')).toBe('poor');
  });
});
