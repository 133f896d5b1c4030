import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, createdAt, id, ref, updatedAt } from './columns.ts';
import { courses } from './courses.ts';
import { sites, users } from './iam.ts';
import { teachingSources } from './teaching-sources.ts';

/**
 * Live rooms (docs/live-rooms.md): a scheduled class on the media server (Janus by default) for classes of the
 * organisation, hosted by a teacher with co-hosts; attendance, the participants' state and the chat are kept here.
 * The platform never relays media: it opens and closes the media room and issues each participant's credentials.
 */

export type LiveRoomStatus = 'scheduled' | 'live' | 'ended';
/** A recorded room's recording: none yet (or not recorded), being made after the end, in the host's library, failed. */
export type LiveRecordingStatus = 'none' | 'processing' | 'ready' | 'failed';

export const liveRooms = pgTable(
  'live_rooms',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The course the room belongs to (its teachers host it, its classes are invited); null for a standalone room. */
    courseId: ref('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 64 }).notNull(),
    description: text('description').notNull().default(''),
    hostId: ref('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coHostIds: jsonb('co_host_ids').$type<number[]>().notNull().default([]),
    classIds: jsonb('class_ids').$type<number[]>().notNull().default([]),
    startsAt: at('starts_at').notNull(),
    minutes: integer('minutes').notNull(),
    record: boolean('record').notNull().default(false),
    status: varchar('status', { length: 10 }).$type<LiveRoomStatus>().notNull().default('scheduled'),
    /** The host muted the chat for everyone but the hosts. */
    chatMuted: boolean('chat_muted').notNull().default(false),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    recordingStatus: varchar('recording_status', { length: 12 }).$type<LiveRecordingStatus>().notNull().default('none'),
    /** The recording as a teaching source of the host (migration 0026). */
    recordingSourceId: ref('recording_source_id').references(() => teachingSources.id, { onDelete: 'set null' }),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('live_rooms_site_starts').on(t.siteId, t.startsAt), index('live_rooms_course').on(t.courseId)],
);

/** One stay of a user in a live room: joined, and left (null while still in). */
export const liveRoomAttendance = pgTable(
  'live_room_attendance',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    roomId: ref('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: atNow('joined_at'),
    leftAt: at('left_at'),
  },
  (t) => [
    index('live_room_attendance_room_user').on(t.roomId, t.userId),
    // At most one open stay per user and room: a second join while in keeps the first.
    uniqueIndex('live_room_attendance_open').on(t.roomId, t.userId).where(sql`left_at is null`),
  ],
);

export type LiveQuality = 'good' | 'fair' | 'poor' | 'lost';

/** A participant's state in a room: devices, hand, connection quality (user-status-sync), and the host's controls. */
export const liveRoomParticipants = pgTable(
  'live_room_participants',
  {
    roomId: ref('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    camera: boolean('camera').notNull().default(false),
    microphone: boolean('microphone').notNull().default(false),
    handRaised: boolean('hand_raised').notNull().default(false),
    quality: varchar('quality', { length: 8 }).$type<LiveQuality>().notNull().default('good'),
    /** Invited on stage by a host: may publish camera and microphone. */
    onStage: boolean('on_stage').notNull().default(false),
    chatMuted: boolean('chat_muted').notNull().default(false),
    /** Removed by a host: no more credentials for this room. */
    removed: boolean('removed').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('live_room_participants_pk').on(t.roomId, t.userId)],
);

/** The room's chat, kept. */
export const liveRoomMessages = pgTable(
  'live_room_messages',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    roomId: ref('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: varchar('text', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_room_messages_room').on(t.roomId, t.id)],
);
