import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { ok as okCall, refused as refusedCall, teachingCourse } from '../../testing/courses.ts';
import { authoringFixture } from '../../testing/question-bank.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { listenForSockets, openSocket, type WsClient, waitFor } from '../../testing/ws-client.ts';
import { sweepSilentStays } from './sweep-silent-stays.ts';

let t: TestApp;
let url: string;
let siteId: number;
let teacher: string;
let coHost: FreshMember;
let stranger: FreshMember;
let courseId: number;
let classA: number;
let classB: number;
let outsideClass: number;
let s1: FreshMember;
let s2: FreshMember;
let s3: FreshMember;
const sockets: WsClient[] = [];

const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
  okCall(t, path, body, token);
const refused = (path: ProcedurePath, body: Record<string, unknown>, token: string) =>
  refusedCall(t, path, body, token);

/** A course of the demo teacher taught to class A (s1, s2) and class B (s3); another class outside the course. */
beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
  const fixture = await authoringFixture(t);
  siteId = fixture.siteId;
  teacher = fixture.teacher;
  coHost = await freshMember(t, siteId, 'role_teacher');
  stranger = await freshMember(t, siteId, 'role_teacher');
  [s1, s2, s3] = (await Promise.all([1, 2, 3].map(() => freshMember(t, siteId, 'role_student')))) as [
    FreshMember,
    FreshMember,
    FreshMember,
  ];
  classA = await groupOf(t, siteId, 'class', [s1!, s2!]);
  classB = await groupOf(t, siteId, 'class', [s3!]);
  outsideClass = await groupOf(t, siteId, 'class', []);
  courseId = (await teachingCourse(t, teacher, { classIds: [classA, classB] })).id;
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await t.close();
});

async function socketOf(token: string): Promise<WsClient> {
  const client = await openSocket(url, { token });
  sockets.push(client);
  await client.heartbeat();
  return client;
}

const events = (client: WsClient, roomId: number) =>
  client.messages.filter((m) => m?.data?.action === 'live_room' && m.data.room_id === roomId).map((m) => m.data);

const ROOM = {
  title: 'Week 1 live',
  description: 'Bring questions',
  starts_at: '2026-12-01T10:00:00+08:00',
  minutes: 45,
};

async function room(over: Record<string, unknown> = {}) {
  return ok(
    '/live-room/create',
    { ...ROOM, course_id: courseId, class_ids: [classA], co_host_ids: [coHost.id], ...over },
    teacher,
  );
}

describe('scheduling', () => {
  it('invites classes of the course only, takes teachers as co-hosts, and shows the room to its students', async () => {
    expect(
      await refused('/live-room/create', { ...ROOM, course_id: courseId, class_ids: [outsideClass] }, teacher),
    ).toBe('live_room_class_wrong');
    expect(
      await refused(
        '/live-room/create',
        { ...ROOM, course_id: courseId, class_ids: [classA], co_host_ids: [s3!.id] },
        teacher,
      ),
    ).toBe('course_teacher_invalid');
    expect(await refused('/live-room/create', { ...ROOM, course_id: null, class_ids: [classA] }, s1!.token)).toBe(
      'forbidden',
    );
    const rooms = await t.deps.db
      .select({ id: schema.liveRooms.id })
      .from(schema.liveRooms)
      .where(eq(schema.liveRooms.siteId, siteId));
    expect(rooms).toEqual([]);

    const created = await room();
    expect(created).toMatchObject({
      title: 'Week 1 live',
      status: 'scheduled',
      course_id: courseId,
      co_hosts: [{ id: coHost.id }],
      classes: [{ id: classA }],
      student_count: 2,
      starts_at: '2026-12-01T02:00:00.000Z',
    });
    // A standalone room may invite any class of the organisation.
    const standalone = await room({ course_id: null, class_ids: [outsideClass], co_host_ids: [] });
    expect(standalone.course_id).toBeNull();

    expect((await ok('/live-room/list', {}, teacher)).list.map((r) => r.id)).toEqual(
      expect.arrayContaining([created.id, standalone.id]),
    );
    expect((await ok('/live-room/list', {}, coHost.token)).list.map((r) => r.id)).toEqual([created.id]);
    expect((await ok('/live-room/list', {}, stranger.token)).list).toEqual([]);
    expect((await ok('/live-room/my-list', {}, s1!.token)).list.map((r) => r.id)).toEqual([created.id]);
    expect((await ok('/live-room/my-list', {}, s3!.token)).list).toEqual([]);
    expect(await refused('/live-room/detail', { room_id: created.id }, s3!.token)).toBe('not_found');
    expect(await refused('/live-room/detail', { room_id: created.id }, stranger.token)).toBe('not_found');
    expect((await ok('/live-room/detail', { room_id: created.id }, s1!.token)).my_role).toBe('student');
    expect(
      await refused(
        '/live-room/update',
        { id: created.id, ...ROOM, course_id: courseId, class_ids: [classA] },
        s1!.token,
      ),
    ).toBe('forbidden');
    const moved = await ok(
      '/live-room/update',
      {
        id: created.id,
        ...ROOM,
        minutes: 60,
        course_id: courseId,
        class_ids: [classA, classB],
        co_host_ids: [coHost.id],
      },
      coHost.token,
    );
    expect(moved).toMatchObject({ minutes: 60, student_count: 3 });
    expect(await ok('/live-room/delete', { id: standalone.id }, teacher)).toEqual({ ok: true });
  });
});

describe('the to-do panel', () => {
  it("lists the rooms of the student's classes live or starting within 15 minutes", async () => {
    const soon = await room({ title: 'Soon', starts_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    const later = await room({ title: 'Later', starts_at: new Date(Date.now() + 3 * 3600_000).toISOString() });
    const todo = async (token: string) =>
      (await ok('/dataset-examine/doing-wait-exam-list', {}, token)).live_room_list.map((item) => item.title);
    expect(await todo(s1!.token)).toContain('Soon');
    expect(await todo(s1!.token)).not.toContain('Later');
    expect(await todo(s3!.token)).toEqual([]);
    await ok('/live-room/start-live', { room_id: later.id }, teacher);
    expect(await todo(s2!.token)).toEqual(expect.arrayContaining(['Soon', 'Later']));
    await ok('/live-room/end-live', { room_id: later.id }, teacher);
    await ok('/live-room/delete', { id: soon.id }, teacher);
    expect(await todo(s1!.token)).not.toContain('Soon');
  });
});

describe('running a room', () => {
  it('starts and ends by hosts only, tells the classes, and keeps attendance by stays', async () => {
    const created = await room();
    const [teacherSocket, s1Socket, s2Socket] = await Promise.all([
      socketOf(teacher),
      socketOf(s1!.token),
      socketOf(s2!.token),
    ]);
    expect(await refused('/live-room/start-live', { room_id: created.id }, s1!.token)).toBe('forbidden');
    expect(await refused('/live-room/start-live', { room_id: created.id }, stranger.token)).toBe('not_found');
    expect(await refused('/live-room/chat-send', { room_id: created.id, text: 'early' }, s1!.token)).toBe(
      'live_room_not_live',
    );
    // Joining before the start shows the room without a stay.
    expect((await ok('/live-room/join', { room_id: created.id }, s1!.token)).status).toBe('scheduled');

    const live = await ok('/live-room/start-live', { room_id: created.id }, coHost.token);
    expect(live).toMatchObject({ status: 'live', my_role: 'co_host', media: false });
    await waitFor(
      () => events(s1Socket, created.id),
      (list) => list.some((e) => e.event === 'started'),
    );
    // Without a media server the room runs with chat and attendance; credentials say why there is no media.
    expect(await refused('/live-room/volcano-rtc-token', { room_id: created.id }, s1!.token)).toBe(
      'live_media_unconfigured',
    );

    await ok('/live-room/join', { room_id: created.id }, s1!.token);
    await ok('/live-room/join', { room_id: created.id }, s1!.token); // a second join keeps the one stay
    await ok('/live-room/join', { room_id: created.id }, s2!.token);
    await waitFor(
      () => events(teacherSocket, created.id),
      (list) => list.filter((e) => e.event === 'joined').length === 2,
    );
    expect(
      events(teacherSocket, created.id)
        .filter((e) => e.event === 'joined')
        .map((e) => e.participant.user_id),
    ).toEqual([s1!.id, s2!.id]);
    expect(
      (await ok('/live-room/detail', { room_id: created.id }, teacher)).participants.map((p) => p.user_id),
    ).toEqual([s1!.id, s2!.id]);
    await ok('/live-room/quit', { room_id: created.id }, s1!.token);
    await ok('/live-room/join', { room_id: created.id }, s1!.token);

    // The hand-computed case: s1 stayed 10:00-10:12 and 10:20-10:35:30 (27.5 min: 27), s2 10:05 until the end.
    const ended = await ok('/live-room/end-live', { room_id: created.id }, teacher);
    expect(ended.status).toBe('ended');
    await waitFor(
      () => events(s2Socket, created.id),
      (list) => list.some((e) => e.event === 'ended'),
    );
    expect((await ok('/live-room/end-live', { room_id: created.id }, teacher)).status).toBe('ended');
    expect(await refused('/live-room/start-live', { room_id: created.id }, teacher)).toBe('live_room_ended');
    const stays = await t.deps.db
      .select()
      .from(schema.liveRoomAttendance)
      .where(eq(schema.liveRoomAttendance.roomId, created.id))
      .orderBy(schema.liveRoomAttendance.id);
    expect(stays.map((s) => [s.userId, s.leftAt !== null])).toEqual([
      [s1!.id, true],
      [s2!.id, true],
      [s1!.id, true],
    ]);
    const at = (time: string) => new Date(`2026-12-01T${time}+08:00`);
    const set = (id: number, joined: string, left: string) =>
      t.deps.db
        .update(schema.liveRoomAttendance)
        .set({ joinedAt: at(joined), leftAt: at(left) })
        .where(eq(schema.liveRoomAttendance.id, id));
    await set(stays[0]!.id, '10:00:00', '10:12:00');
    await set(stays[1]!.id, '10:05:00', '10:50:00');
    await set(stays[2]!.id, '10:20:00', '10:35:30');
    await t.deps.db
      .update(schema.liveRooms)
      .set({ startedAt: at('10:00:00'), endedAt: at('10:50:00') })
      .where(eq(schema.liveRooms.id, created.id));
    expect(await refused('/live-room/attendance', { room_id: created.id }, s1!.token)).toBe('forbidden');
    const { list } = await ok('/live-room/attendance', { room_id: created.id }, coHost.token);
    const byUser = new Map(list.map((row) => [row.user_id, row]));
    expect(byUser.get(s1!.id)).toMatchObject({ joined: true, minutes: 27, stays: 2, in_room: false });
    expect(byUser.get(s1!.id)?.first_joined_at).toBe('2026-12-01T02:00:00.000Z');
    expect(byUser.get(s1!.id)?.last_left_at).toBe('2026-12-01T02:35:30.000Z');
    expect(byUser.get(s2!.id)).toMatchObject({ joined: true, minutes: 45, stays: 1 });
    expect(list).toHaveLength(2);
    expect(await refused('/live-room/delete', { id: created.id }, s1!.token)).toBe('forbidden');
  });
});

describe('silent stays', () => {
  it('ends the stay of a user silent for 90 s at their last sign, and tells the room', async () => {
    const created = await room();
    await ok('/live-room/start-live', { room_id: created.id }, teacher);
    const teacherSocket = await socketOf(teacher);
    await ok('/live-room/join', { room_id: created.id }, s1!.token);
    await ok('/live-room/join', { room_id: created.id }, s2!.token);
    await ok(
      '/live-room/user-status-sync',
      { room_id: created.id, camera: false, microphone: false, hand_raised: false },
      s2!.token,
    );
    // s1's page died two minutes ago right after joining; s2 synced just now.
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.deps.db
      .update(schema.liveRoomAttendance)
      .set({ joinedAt: twoMinutesAgo })
      .where(and(eq(schema.liveRoomAttendance.roomId, created.id), eq(schema.liveRoomAttendance.userId, s1!.id)));
    await t.deps.db
      .update(schema.liveRoomParticipants)
      .set({ updatedAt: twoMinutesAgo })
      .where(and(eq(schema.liveRoomParticipants.roomId, created.id), eq(schema.liveRoomParticipants.userId, s1!.id)));
    expect(await sweepSilentStays(t.deps)).toBe(1);
    const stays = await t.deps.db
      .select()
      .from(schema.liveRoomAttendance)
      .where(eq(schema.liveRoomAttendance.roomId, created.id));
    expect(stays.find((s) => s.userId === s1!.id)?.leftAt?.toISOString()).toBe(twoMinutesAgo.toISOString());
    expect(stays.find((s) => s.userId === s2!.id)?.leftAt).toBeNull();
    await waitFor(
      () => events(teacherSocket, created.id),
      (list) => list.some((e) => e.event === 'left' && e.user_id === s1!.id),
    );
    expect(await sweepSilentStays(t.deps)).toBe(0);
    await ok('/live-room/end-live', { room_id: created.id }, teacher);
  });
});

describe('in the room', () => {
  it('tells a change of hand or devices to everyone, of quality alone to the hosts, and an unchanged sync to nobody', async () => {
    const created = await room();
    await ok('/live-room/start-live', { room_id: created.id }, teacher);
    const [teacherSocket, s2Socket] = await Promise.all([socketOf(teacher), socketOf(s2!.token)]);
    await ok('/live-room/join', { room_id: created.id }, s1!.token);
    await ok('/live-room/join', { room_id: created.id }, s2!.token);
    const sync = (over: Record<string, unknown>) =>
      ok(
        '/live-room/user-status-sync',
        { room_id: created.id, camera: false, microphone: false, hand_raised: false, quality: 'good', ...over },
        s1!.token,
      );
    const seen = (socket: WsClient) =>
      events(socket, created.id)
        .filter((e) => e.event === 'status' && e.participant.user_id === s1!.id)
        .map((e) => `${e.participant.quality}${e.participant.hand_raised ? ' hand' : ''}`);
    await sync({ quality: 'poor' });
    await sync({});
    await sync({});
    await sync({ hand_raised: true });
    // Pushes reach a socket in order: once the hand is seen, anything sent before it has arrived.
    await waitFor(
      () => seen(teacherSocket),
      (list) => list.includes('good hand'),
    );
    await waitFor(
      () => seen(s2Socket),
      (list) => list.includes('good hand'),
    );
    expect(seen(teacherSocket)).toEqual(['poor', 'good', 'good hand']);
    expect(seen(s2Socket)).toEqual(['good hand']);
    await ok('/live-room/end-live', { room_id: created.id }, teacher);
  });

  it('broadcasts status, chat and the host controls to everyone in the room', async () => {
    const created = await room();
    await ok('/live-room/start-live', { room_id: created.id }, teacher);
    const [teacherSocket, s2Socket] = await Promise.all([socketOf(teacher), socketOf(s2!.token)]);
    await ok('/live-room/join', { room_id: created.id }, s1!.token);
    await ok('/live-room/join', { room_id: created.id }, s2!.token);

    const me = await ok(
      '/live-room/user-status-sync',
      { room_id: created.id, camera: false, microphone: false, hand_raised: true, quality: 'fair' },
      s1!.token,
    );
    expect(me).toMatchObject({ user_id: s1!.id, hand_raised: true, quality: 'fair', role: 'student' });
    for (const socket of [teacherSocket, s2Socket]) {
      await waitFor(
        () => events(socket, created.id),
        (list) =>
          list.some((e) => e.event === 'status' && e.participant.user_id === s1!.id && e.participant.hand_raised),
      );
    }
    await ok('/live-room/control', { room_id: created.id, action: 'lower_hand', user_id: s1!.id }, teacher);
    await ok('/live-room/control', { room_id: created.id, action: 'invite_stage', user_id: s1!.id }, teacher);
    const s1View = await ok('/live-room/detail', { room_id: created.id }, s1!.token);
    expect(s1View.me).toMatchObject({ hand_raised: false, on_stage: true });
    expect(await refused('/live-room/control', { room_id: created.id, action: 'remove' }, teacher)).toBe(
      'invalid_input',
    );
    expect(
      await refused('/live-room/control', { room_id: created.id, action: 'remove', user_id: s3!.id }, teacher),
    ).toBe('not_found');

    const message = await ok('/live-room/chat-send', { room_id: created.id, text: '老师好' }, s1!.token);
    expect(message).toMatchObject({ user_id: s1!.id, text: '老师好' });
    await waitFor(
      () => events(teacherSocket, created.id),
      (list) => list.some((e) => e.event === 'chat' && e.message.text === '老师好'),
    );
    await ok('/live-room/control', { room_id: created.id, action: 'mute_all_chat' }, teacher);
    expect(await refused('/live-room/chat-send', { room_id: created.id, text: 'x' }, s2!.token)).toBe(
      'live_chat_muted',
    );
    await ok('/live-room/chat-send', { room_id: created.id, text: 'Quiet please' }, teacher);
    await ok('/live-room/control', { room_id: created.id, action: 'unmute_all_chat' }, teacher);
    await ok('/live-room/control', { room_id: created.id, action: 'mute_chat', user_id: s2!.id }, teacher);
    expect(await refused('/live-room/chat-send', { room_id: created.id, text: 'x' }, s2!.token)).toBe(
      'live_chat_muted',
    );
    await ok('/live-room/chat-send', { room_id: created.id, text: 'Me too' }, s1!.token);
    expect((await ok('/live-room/chat-list', { room_id: created.id }, s2!.token)).list.map((m) => m.text)).toEqual([
      '老师好',
      'Quiet please',
      'Me too',
    ]);

    await ok('/live-room/control', { room_id: created.id, action: 'remove', user_id: s2!.id }, teacher);
    await waitFor(
      () => events(s2Socket, created.id),
      (list) => list.some((e) => e.event === 'removed'),
    );
    expect(await refused('/live-room/join', { room_id: created.id }, s2!.token)).toBe('live_room_removed');
    expect(await refused('/live-room/volcano-rtc-token', { room_id: created.id }, s2!.token)).toBe('live_room_removed');
    expect(
      (await ok('/live-room/detail', { room_id: created.id }, teacher)).participants.map((p) => p.user_id),
    ).toEqual([s1!.id]);
    expect(await refused('/live-room/delete', { id: created.id }, teacher)).toBe('live_room_live');
    await ok('/live-room/end-live', { room_id: created.id }, teacher);
  });
});
