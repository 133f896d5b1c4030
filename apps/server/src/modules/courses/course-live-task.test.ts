import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, homeOf, ok, refused, teachingCourse } from '../../testing/courses.ts';
import { insertId } from '../../testing/fixture-rows.ts';
import { demoSiteIds, firstMemberId } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;
let teacher: FreshMember;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId, otherSiteId } = await demoSiteIds(t));
  teacher = await freshMember(t, siteId, 'role_teacher');
});
afterAll(() => t.close());

/** A room of the teacher, of the course when given (standalone with null), for the classes. */
const roomOf = (courseId: number | null, classIds: number[], title = 'Week 1 live') =>
  ok(
    t,
    '/live-room/create',
    { title, starts_at: '2026-12-01T10:00:00+08:00', minutes: 40, course_id: courseId, class_ids: classIds },
    teacher.token,
  );

const liveTask = (chapterId: number, roomId: number | null, over: Record<string, unknown> = {}) =>
  addTask(t, teacher.token, chapterId, { kind: 'live', material: null, live_room_id: roomId, ...over });

const at = (time: string) => new Date(`2026-12-01T${time}+08:00`);

/** Puts the room's live window at `from`–`to` (its end only once it ended). */
const liveWindow = (roomId: number, from: string, to: string | null) =>
  t.deps.db
    .update(schema.liveRooms)
    .set({ startedAt: at(from), endedAt: to === null ? null : at(to) })
    .where(eq(schema.liveRooms.id, roomId));

/** The student's stays in the room, oldest first. */
const staysOf = (roomId: number, userId: number) =>
  t.deps.db
    .select()
    .from(schema.liveRoomAttendance)
    .where(eq(schema.liveRoomAttendance.roomId, roomId))
    .orderBy(schema.liveRoomAttendance.id)
    .then((rows) => rows.filter((row) => row.userId === userId));

const setStay = (id: number, joined: string, left: string) =>
  t.deps.db
    .update(schema.liveRoomAttendance)
    .set({ joinedAt: at(joined), leftAt: at(left) })
    .where(eq(schema.liveRoomAttendance.id, id));

describe('the source of a live task', () => {
  it('is a live room of the same course', async () => {
    const classId = await groupOf(t, siteId, 'class', []);
    const course = await teachingCourse(t, teacher.token, { classIds: [classId] });
    const other = await teachingCourse(t, teacher.token, { classIds: [classId] });
    const chapterId = course.chapters[0]!.id;
    const save = (roomId: number | null) =>
      refused(
        t,
        '/dataset-course/task-save',
        { chapter_id: chapterId, kind: 'live', title: 'Live', live_room_id: roomId },
        teacher.token,
      );
    expect(await save((await roomOf(other.id, [classId])).id)).toBe('course_task_source_wrong');
    expect(await save((await roomOf(null, [classId])).id)).toBe('course_task_source_wrong');
    expect(await save(null)).toBe('course_task_source_wrong');
    const foreign = await insertId(t, schema.liveRooms, {
      siteId: otherSiteId,
      title: 'Elsewhere',
      hostId: await firstMemberId(t, otherSiteId),
      startsAt: new Date(),
      minutes: 45,
    });
    expect(await save(foreign)).toBe('not_found');

    const room = await roomOf(course.id, [classId]);
    const task = await liveTask(chapterId, room.id);
    expect(task).toMatchObject({
      kind: 'live',
      live_room_id: room.id,
      live_room: { id: room.id, title: 'Week 1 live', status: 'scheduled', minutes: 40 },
      material: null,
      interaction_id: null,
    });
    expect(task.live_room?.starts_at).toBe('2026-12-01T02:00:00.000Z');
    // A copy of the course points at none (rooms belong to their course).
    const copy = await ok(t, '/dataset-course/copy', { id: course.id }, teacher.token);
    expect(copy.chapters[0]!.tasks[0]).toMatchObject({ kind: 'live', live_room_id: null, live_room: null });
    // A deleted room leaves the task without one.
    await ok(t, '/live-room/delete', { id: room.id }, teacher.token);
    const [left] = (await ok(t, '/dataset-course/detail', { id: course.id }, teacher.token)).chapters[0]!.tasks;
    expect(left).toMatchObject({ live_room_id: null, live_room: null });
  });
});

describe('a live task for its students', () => {
  it('is done on a stay, and scored by the share of the live time once the room ended', async () => {
    const [s1, s2] = await Promise.all([
      freshMember(t, siteId, 'role_student'),
      freshMember(t, siteId, 'role_student'),
    ]);
    const classId = await groupOf(t, siteId, 'class', [s1!, s2!]);
    const course = await teachingCourse(t, teacher.token, { classIds: [classId] });
    const room = await roomOf(course.id, [classId]);
    const task = await liveTask(course.chapters[0]!.id, room.id, { weight: 100 });
    await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
    const view = async (student: FreshMember) => (await homeOf(t, student.token, course.id)).chapters[0]!.tasks[0]!;
    expect(await view(s1!)).toMatchObject({
      id: task.id,
      state: 'not_started',
      score: null,
      live_room: { id: room.id, status: 'scheduled', attended_seconds: 0, recording_url: null },
    });

    await ok(t, '/live-room/start-live', { room_id: room.id }, teacher.token);
    await ok(t, '/live-room/join', { room_id: room.id }, s1!.token);
    // In the room: done (they attended), the score waits for the end.
    expect(await view(s1!)).toMatchObject({ state: 'done', progress: 1, score: null, live_room: { status: 'live' } });
    expect(await view(s2!)).toMatchObject({ state: 'not_started', live_room: { status: 'live' } });
    const matrix = async () => {
      const { list } = await ok(t, '/dataset-course/matrix', { course_id: course.id }, teacher.token);
      return new Map(list.map((row) => [row.user_id, row.cells[0]]));
    };
    expect((await matrix()).get(s1!.id)).toEqual({ state: 'done', score: null });
    await ok(t, '/live-room/quit', { room_id: room.id }, s1!.token);
    await ok(t, '/live-room/join', { room_id: room.id }, s1!.token);
    await ok(t, '/live-room/end-live', { room_id: room.id }, teacher.token);

    // The hand-computed case: live 10:00-10:40 (40 min); s1 in 09:55-10:10 (10 min of it live) and 10:20-10:40
    // (20 min): 30 / 40 = 75.
    await liveWindow(room.id, '10:00:00', '10:40:00');
    const stays = await staysOf(room.id, s1!.id);
    expect(stays).toHaveLength(2);
    await setStay(stays[0]!.id, '09:55:00', '10:10:00');
    await setStay(stays[1]!.id, '10:20:00', '10:40:00');
    expect(await view(s1!)).toMatchObject({
      state: 'done',
      score: 75,
      live_room: { status: 'ended', attended_seconds: 1800, recording_url: null },
    });
    const home = await homeOf(t, s1!.token, course.id);
    expect(home).toMatchObject({ score: 75, done_count: 1, progress: 100, finished: true });
    const cells = await matrix();
    expect(cells.get(s1!.id)).toEqual({ state: 'done', score: 75 });
    expect(cells.get(s2!.id)).toEqual({ state: 'not_started', score: null });

    const detail = await ok(
      t,
      '/dataset-course/student-detail',
      { course_id: course.id, user_id: s1!.id },
      teacher.token,
    );
    expect(detail.tasks[0]).toMatchObject({ state: 'done', score: 75, attempt_count: 2, finished_count: 2 });
    const byClass = await ok(t, '/dataset-course/course-class-comparison', { course_id: course.id }, teacher.token);
    // s1 75, s2 0 (a weighted task not done counts 0).
    expect(byClass.classes[0]).toMatchObject({ student_count: 2, avg_score: 37.5, avg_progress: 50 });

    // The students' stays are work on the task: deleting it takes `force`.
    expect(await refused(t, '/dataset-course/task-delete', { id: task.id }, teacher.token)).toBe('course_work_exists');
    await ok(t, '/dataset-course/task-delete', { id: task.id, force: true }, teacher.token);
  });

  it('scores 100 for a room live for no time, and shows a ready recording through the task', async () => {
    const student = await freshMember(t, siteId, 'role_student');
    const outsider = await freshMember(t, siteId, 'role_student');
    const classId = await groupOf(t, siteId, 'class', [student]);
    const course = await teachingCourse(t, teacher.token, { classIds: [classId] });
    const room = await roomOf(course.id, [classId]);
    const unattended = await roomOf(course.id, [classId], 'Nobody came');
    const task = await liveTask(course.chapters[0]!.id, room.id);
    const empty = await liveTask(course.chapters[0]!.id, unattended.id);
    await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
    await ok(t, '/live-room/start-live', { room_id: room.id }, teacher.token);
    await ok(t, '/live-room/join', { room_id: room.id }, student.token);
    await ok(t, '/live-room/end-live', { room_id: room.id }, teacher.token);
    await liveWindow(room.id, '10:00:00', '10:00:00');
    const [stay] = await staysOf(room.id, student.id);
    await setStay(stay!.id, '10:00:00', '10:00:00');

    const key = `teaching-sources/${siteId}/${teacher.id}-${Date.now()}/recording.mp4`;
    const bytes = Buffer.from('a stand-in for the recording');
    await t.deps.storage.saveFile(key, bytes);
    const sourceId = await insertId(t, schema.teachingSources, {
      siteId,
      ownerId: teacher.id,
      kind: 'video',
      title: 'Week 1 live',
      fileName: 'recording.mp4',
      fileKey: key,
      fileSize: bytes.length,
      viewKey: key,
      status: 'ready',
    });
    await t.deps.db
      .update(schema.liveRooms)
      .set({ recordingStatus: 'ready', recordingSourceId: sourceId })
      .where(eq(schema.liveRooms.id, room.id));
    const [view, other] = (await homeOf(t, student.token, course.id)).chapters[0]!.tasks;
    expect(view).toMatchObject({
      state: 'done',
      score: 100,
      live_room: { status: 'ended', attended_seconds: 0, recording_url: `/api/file/course-material/${task.id}` },
    });
    expect(other).toMatchObject({ id: empty.id, state: 'not_started', live_room: { recording_url: null } });
    const fileOf = (taskId: number, token: string) =>
      t.app.inject({ url: `/api/file/course-material/${taskId}`, headers: { 'access-token': token } });
    const served = await fileOf(task.id, student.token);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('a stand-in for the recording');
    expect((await fileOf(task.id, teacher.token)).statusCode).toBe(200);
    expect((await fileOf(task.id, outsider.token)).statusCode).toBe(404);
    expect((await fileOf(empty.id, student.token)).statusCode).toBe(404);
    // A room nobody of the class came to is no work: its task goes without `force`.
    await ok(t, '/dataset-course/task-delete', { id: empty.id }, teacher.token);
  });
});
