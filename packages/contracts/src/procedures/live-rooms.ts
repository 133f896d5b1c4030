import { z } from 'zod';
import { INT32_MAX, listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Live rooms (docs/live-rooms.md, `/live-room/...`): a scheduled class on the media server for classes of the
 * organisation. Hosts (the room's host, its co-hosts, course managers) schedule, start and end it and control the
 * participants; students of the invited classes join, watch, chat and raise their hand. Media flows between the
 * browsers and the media server (Janus by default); the platform issues each participant's join credentials
 * (`volcano-rtc-token`, the name the provider it started with gave the call). Times are ISO strings.
 */
export const LIVE_ROOM_LIMITS = {
  title: 64,
  description: 2000,
  minutes: 600,
  classes: 20,
  coHosts: 10,
  chat: 500,
} as const;
export const LIVE_ROOM_STATUSES = ['scheduled', 'live', 'ended'] as const;
export const LIVE_QUALITIES = ['good', 'fair', 'poor', 'lost'] as const;
/** What a host does to a participant (or, for the chat, to everyone). */
export const LIVE_CONTROLS = [
  'mute_chat',
  'unmute_chat',
  'mute_all_chat',
  'unmute_all_chat',
  'invite_stage',
  'leave_stage',
  'lower_hand',
  'mute_microphone',
  'remove',
] as const;
/** The caller's part in a room: hosting (host, co-host, a manager of every course) or watching (a student). */
export const LIVE_ROOM_ROLES = ['host', 'co_host', 'manager', 'student'] as const;

const ZId = z.number().int().positive();
const ZIso = z.string();
const ZOk = z.object({ ok: z.literal(true) });
export const ZLiveRoomStatus = z.enum(LIVE_ROOM_STATUSES);
export type TLiveRoomStatus = z.infer<typeof ZLiveRoomStatus>;
export type TLiveRoomRole = (typeof LIVE_ROOM_ROLES)[number];

export const ZLiveRoomInput = z.object({
  title: z.string().trim().min(1).max(LIVE_ROOM_LIMITS.title),
  description: z.string().max(LIVE_ROOM_LIMITS.description).default(''),
  /** The course the room belongs to: its classes only may be invited. */
  course_id: ZId.nullable().default(null),
  class_ids: z.array(ZId).min(1).max(LIVE_ROOM_LIMITS.classes),
  co_host_ids: z.array(ZId).max(LIVE_ROOM_LIMITS.coHosts).default([]),
  starts_at: z.iso.datetime({ offset: true }),
  minutes: z.number().int().min(5).max(LIVE_ROOM_LIMITS.minutes),
  record: z.boolean().default(false),
});

export const ZLiveRoomRow = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  course_id: z.number().int().nullable(),
  course_name: z.string().nullable(),
  host: z.object({ id: z.number().int(), name: z.string() }),
  co_hosts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  starts_at: ZIso,
  minutes: z.number().int(),
  record: z.boolean(),
  status: ZLiveRoomStatus,
  started_at: ZIso.nullable(),
  ended_at: ZIso.nullable(),
  /** A recorded room's recording: made after the end (processing), then a teaching source of the host (ready). */
  recording_status: z.enum(['none', 'processing', 'ready', 'failed']),
  recording_source_id: z.number().int().nullable(),
  /** Users in the room now (live), or who came at all (ended). */
  attendee_count: z.number().int(),
  student_count: z.number().int(),
});
export type TLiveRoomRow = z.infer<typeof ZLiveRoomRow>;

export const ZLiveParticipant = z.object({
  user_id: z.number().int(),
  name: z.string(),
  role: z.enum(LIVE_ROOM_ROLES),
  camera: z.boolean(),
  microphone: z.boolean(),
  hand_raised: z.boolean(),
  quality: z.enum(LIVE_QUALITIES),
  on_stage: z.boolean(),
  chat_muted: z.boolean(),
});
export type TLiveParticipant = z.infer<typeof ZLiveParticipant>;

export const ZLiveMessage = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  text: z.string(),
  created_at: ZIso,
});
export type TLiveMessage = z.infer<typeof ZLiveMessage>;

/** A room as the room page shows it to the caller: their part and state, who is in, the chat's latest messages. */
export const ZLiveRoomView = ZLiveRoomRow.extend({
  my_role: z.enum(LIVE_ROOM_ROLES),
  chat_muted: z.boolean(),
  me: ZLiveParticipant.nullable(),
  participants: z.array(ZLiveParticipant),
  messages: z.array(ZLiveMessage),
  /** The media server is configured (else the room runs with chat and attendance, without media). */
  media: z.boolean(),
  server_now: ZIso,
});
export type TLiveRoomView = z.infer<typeof ZLiveRoomView>;

/** One entry of RTCPeerConnection's `iceServers`: STUN addresses, or TURN addresses with time-limited credentials. */
export const ZIceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/**
 * What the browser needs to join the media room: Janus's address, room, tokens and the STUN/TURN servers to reach it,
 * or Volcano's app, room and token.
 */
export const ZJoinCredentials = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('janus'),
    url: z.string(),
    room: z.number().int(),
    token: z.string(),
    room_token: z.string(),
    expires_at: ZIso,
    ice_servers: z.array(ZIceServer),
  }),
  z.object({
    provider: z.literal('volcano'),
    app_id: z.string(),
    room_id: z.string(),
    user_id: z.string(),
    token: z.string(),
    expires_at: ZIso,
  }),
]);
export type TJoinCredentials = z.infer<typeof ZJoinCredentials>;

export const ZAttendanceRow = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  class_name: z.string(),
  joined: z.boolean(),
  first_joined_at: ZIso.nullable(),
  last_left_at: ZIso.nullable(),
  /** Whole minutes in the room, summed over every stay (a stay still open counts to now, or to the room's end). */
  minutes: z.number().int(),
  stays: z.number().int(),
  in_room: z.boolean(),
});

export const ZLiveRoomListInput = ZListInput.extend({
  status: ZLiveRoomStatus.optional(),
  course_id: ZId.optional(),
});

const roomId = { room_id: ZId };
const roomTenant = { room_id: 'live_room' } as const;

export const liveRoomProcedures = {
  liveRoomList: procedure({
    path: '/live-room/list',
    summary:
      'The rooms the caller hosts or co-hosts (every room of the organisation for course managers), soonest first.',
    input: ZLiveRoomListInput,
    output: listOutput(ZLiveRoomRow),
    tenantIds: { course_id: 'course' },
  }),
  liveRoomMyList: procedure({
    path: '/live-room/my-list',
    summary: "The rooms of the caller's classes (`/liveroom`): upcoming and live first, then past ones.",
    input: ZListInput.extend({ tab: z.enum(['upcoming', 'past']).default('upcoming') }),
    output: listOutput(ZLiveRoomRow),
  }),
  liveRoomCreate: procedure({
    path: '/live-room/create',
    summary: 'Schedules a room for classes (of the course, when it has one); the caller hosts it.',
    input: ZLiveRoomInput,
    output: ZLiveRoomRow,
    tenantIds: { course_id: 'course', class_ids: 'group', co_host_ids: 'user' },
  }),
  liveRoomUpdate: procedure({
    path: '/live-room/update',
    summary: 'Changes a room not yet ended (live_room_ended); the course cannot change once live.',
    input: ZLiveRoomInput.extend({ id: ZId }),
    output: ZLiveRoomRow,
    tenantIds: { id: 'live_room', course_id: 'course', class_ids: 'group', co_host_ids: 'user' },
  }),
  liveRoomDelete: procedure({
    path: '/live-room/delete',
    summary: 'Deletes a room with its attendance and chat; refused while live (live_room_live).',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'live_room' },
  }),
  liveRoomDetail: procedure({
    path: '/live-room/detail',
    summary: 'A room as the caller sees it: their part, who is in with their state, the latest chat.',
    input: z.object(roomId),
    output: ZLiveRoomView,
    tenantIds: roomTenant,
  }),
  liveRoomStart: procedure({
    path: '/live-room/start-live',
    summary: "Starts a scheduled room (hosts): the media room opens and the classes' students are told.",
    input: z.object(roomId),
    output: ZLiveRoomView,
    tenantIds: roomTenant,
  }),
  liveRoomEnd: procedure({
    path: '/live-room/end-live',
    summary: 'Ends a live room for everyone (hosts): every stay closes, the media room closes, everyone is told.',
    input: z.object(roomId),
    output: ZLiveRoomView,
    tenantIds: roomTenant,
  }),
  liveRoomJoin: procedure({
    path: '/live-room/join',
    summary: 'Enters a live room (a stay starts; a second join while in keeps the first); the others are told.',
    input: z.object(roomId),
    output: ZLiveRoomView,
    tenantIds: roomTenant,
  }),
  liveRoomQuit: procedure({
    path: '/live-room/quit',
    summary: "Leaves a room (the caller's open stay ends); the others are told.",
    input: z.object(roomId),
    output: ZOk,
    tenantIds: roomTenant,
  }),
  liveRoomToken: procedure({
    path: '/live-room/volcano-rtc-token',
    summary:
      "The caller's credentials to join the live room's media (Janus: its address, room and tokens; Volcano: app, " +
      'room, user and signed token), for hosts and students of the invited classes only.',
    input: z.object(roomId),
    output: ZJoinCredentials,
    tenantIds: roomTenant,
  }),
  liveRoomStatusSync: procedure({
    path: '/live-room/user-status-sync',
    summary: "The caller's camera, microphone, hand and connection quality; everyone in the room is told.",
    input: z.object({
      ...roomId,
      camera: z.boolean(),
      microphone: z.boolean(),
      hand_raised: z.boolean(),
      quality: z.enum(LIVE_QUALITIES).default('good'),
    }),
    output: ZLiveParticipant,
    tenantIds: roomTenant,
  }),
  liveRoomControl: procedure({
    path: '/live-room/control',
    summary:
      "A host's control: mute or unmute a user's chat or everyone's, invite on stage or back, lower a hand, mute a " +
      'microphone, remove a user from the room.',
    input: z
      .object({ ...roomId, action: z.enum(LIVE_CONTROLS), user_id: ZId.optional() })
      .refine((input) => input.action.endsWith('all_chat') || input.user_id !== undefined, {
        path: ['user_id'],
        message: 'required for this action',
      }),
    output: ZOk,
    tenantIds: { ...roomTenant, user_id: 'user' },
  }),
  liveRoomChatSend: procedure({
    path: '/live-room/chat-send',
    summary: 'Sends a chat message to the room (refused while the caller or the chat is muted: live_chat_muted).',
    input: z.object({ ...roomId, text: z.string().trim().min(1).max(LIVE_ROOM_LIMITS.chat) }),
    output: ZLiveMessage,
    tenantIds: roomTenant,
  }),
  liveRoomChatList: procedure({
    path: '/live-room/chat-list',
    summary: "The room's chat: 100 messages before the message `before` (the latest when absent), oldest first.",
    // A message id as a cursor (bounded like every integer that is not a record id field).
    input: z.object({ ...roomId, before: ZId.max(INT32_MAX).optional() }),
    output: z.object({ list: z.array(ZLiveMessage) }),
    tenantIds: roomTenant,
  }),
  liveRoomAttendance: procedure({
    path: '/live-room/attendance',
    summary: 'Attendance of the invited students (hosts): joined or not, first join, last leave, minutes, stays.',
    input: z.object(roomId),
    output: z.object({ list: z.array(ZAttendanceRow) }),
    tenantIds: roomTenant,
  }),
} as const;
