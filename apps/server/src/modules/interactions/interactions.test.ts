import type { ProcedurePath, TRunLive } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, ok as okCall, refused as refusedCall, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { type AuthoringFixture, authoringFixture, writeQuestion } from '../../testing/question-bank.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { listenForSockets, openSocket, type WsClient, waitFor } from '../../testing/ws-client.ts';

let t: TestApp;
let url: string;
let fixture: AuthoringFixture;
let teacher: string;
let courseId: number;
let classA: number;
let classB: number;
let s1: FreshMember;
let s2: FreshMember;
let s3: FreshMember;
let choice: number;
let numerical: number;
const sockets: WsClient[] = [];

const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
  okCall(t, path, body, token);
const refused = (path: ProcedurePath, body: Record<string, unknown>, token: string) =>
  refusedCall(t, path, body, token);

const SETTINGS = { anonymous: false, show_answer: true, leaderboard: true, speed_points: false, allow_change: false };

/** A course taught to class A (s1, s2) and class B (s3), online, owned by the demo teacher; a choice and a number. */
beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
  fixture = await authoringFixture(t);
  teacher = fixture.teacher;
  [s1, s2, s3] = (await Promise.all([1, 2, 3].map(() => freshCandidate(t, fixture.siteId)))) as [
    FreshMember,
    FreshMember,
    FreshMember,
  ];
  classA = await groupOf(t, fixture.siteId, 'class', [s1, s2]);
  classB = await groupOf(t, fixture.siteId, 'class', [s3]);
  const course = await teachingCourse(t, teacher, { classIds: [classA, classB] });
  courseId = course.id;
  await addTask(t, teacher, course.chapters[0]!.id, { title: 'Read first' });
  await ok('/dataset-course/online', { id: courseId }, teacher);
  choice = (
    await writeQuestion(t, fixture, {
      type: 'single',
      options: [
        { content: 'Paris', correct: true },
        { content: 'Rome', correct: false },
        { content: 'Berlin', correct: false },
      ],
    })
  ).id;
  numerical = (await writeQuestion(t, fixture, { type: 'numerical', spec: { value: 9.81, tolerance: 0.05 } })).id;
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await t.close();
});

async function socketOf(student: FreshMember): Promise<WsClient> {
  const client = await openSocket(url, { token: student.token });
  sockets.push(client);
  await client.heartbeat();
  return client;
}

const pushes = (client: WsClient, runId: number) =>
  client.messages.filter((m) => m?.data?.action === 'interact' && m.data.run_id === runId).map((m) => m.data);

async function interaction(items: { question_id: number; seconds: number; points: number }[], settings = SETTINGS) {
  return ok('/course-interact/create', { course_id: courseId, title: 'Quick quiz', items, settings }, teacher);
}

describe('authoring', () => {
  it('takes machine-graded questions of the course teacher, and refuses essays and strangers', async () => {
    const essay = (await writeQuestion(t, fixture, { type: 'essay', spec: { rubric: [], word_limit: 0 } })).id;
    expect(
      await refused(
        '/course-interact/create',
        {
          course_id: courseId,
          title: 'Q',
          items: [{ question_id: essay, seconds: 0, points: 10 }],
          settings: SETTINGS,
        },
        teacher,
      ),
    ).toBe('interaction_question_unusable');
    const made = await interaction([
      { question_id: choice, seconds: 30, points: 100 },
      { question_id: numerical, seconds: 0, points: 50 },
    ]);
    expect(made.items.map((item) => item.type)).toEqual(['single', 'numerical']);
    const list = await ok('/course-interact/list', { course_id: courseId }, teacher);
    expect(list.list.map((row) => row.id)).toContain(made.id);
    const stranger = await freshMember(t, fixture.siteId, 'role_teacher');
    expect(await refused('/course-interact/detail', { id: made.id }, stranger.token)).toBe('not_found');
    expect(await refused('/course-interact/detail', { id: made.id }, s1.token)).toBe('forbidden');
  });
});

describe('a live run', () => {
  it("pushes a sent question to the chosen classes' students only, keeps one answer each, and splits them", async () => {
    const made = await interaction([
      { question_id: choice, seconds: 30, points: 100 },
      { question_id: numerical, seconds: 0, points: 50 },
    ]);
    const [c1, c2, c3] = await Promise.all([socketOf(s1), socketOf(s2), socketOf(s3)]);
    const started: TRunLive = await ok('/course-interact/start', { id: made.id, class_ids: [classA] }, teacher);
    const runId = started.run_id;
    expect(started).toMatchObject({ student_count: 2, current_index: -1, question_state: 'idle' });
    expect(await refused('/course-interact/start', { id: made.id, class_ids: [classA] }, teacher)).toBe(
      'interaction_running',
    );
    const todo = await ok('/dataset-examine/doing-wait-exam-list', {}, s1.token);
    expect(todo.interact_task_list.map((item: { id: number }) => item.id)).toContain(runId);

    const sent = await ok('/course-interact/send', { run_id: runId, index: 0 }, teacher);
    expect(sent.remaining_ms).toBeGreaterThan(25_000);
    expect(sent.remaining_ms).toBeLessThanOrEqual(30_000);
    const [p1] = await Promise.all(
      [c1, c2].map((c) =>
        waitFor(
          () => pushes(c, runId),
          (list) => list.some((m) => m.event === 'question'),
        ),
      ),
    );
    const question = p1!.find((m) => m.event === 'question')!.question;
    expect(question.options.map((o: { content: string }) => o.content)).toEqual(['Paris', 'Rome', 'Berlin']);
    expect(JSON.stringify(question)).not.toContain('correct');
    expect(await refused('/course-interact/join', { run_id: runId }, s3.token)).toBe('not_found');
    expect(pushes(c3, runId)).toEqual([]);

    // Five answers of s1 at once: one is kept.
    const tries = await Promise.all(
      [0, 0, 1, 0, 2].map((key) =>
        t.app.inject({
          method: 'POST',
          url: '/api/course-interact/answer',
          headers: { 'access-token': s1.token },
          payload: { run_id: runId, index: 0, chosen: [key] },
        }),
      ),
    );
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.json().error === 'interaction_already_answered')).toHaveLength(4);
    const mine = await ok('/course-interact/answer', { run_id: runId, index: 0, chosen: [1] }, s2.token);
    expect(mine.my_answer).toMatchObject({ chosen: [1], correct: null, points: null });
    const live = await ok('/course-interact/live', { run_id: runId }, teacher);
    expect(live.split?.answered).toBe(2);
    expect(live.joined_count).toBe(2);
    expect(live.correct_options).toEqual([0]);
    const stored = await t.deps.db
      .select()
      .from(schema.interactionAnswers)
      .where(eq(schema.interactionAnswers.runId, runId));
    expect(stored).toHaveLength(2);
    const first = stored.find((a) => a.userId === s1.id)!;
    expect(live.split?.options.find((o) => o.key === first.chosen[0])?.count).toBeGreaterThanOrEqual(1);
    const todoAfter = await ok('/dataset-examine/doing-wait-exam-list', {}, s2.token);
    expect(todoAfter.interact_task_list.map((item: { id: number }) => item.id)).not.toContain(runId);

    // Reveal: the students are told; a reconnect catches up with the question, their answer and the key.
    await ok('/course-interact/reveal', { run_id: runId }, teacher);
    await waitFor(
      () => pushes(c2, runId),
      (list) => list.some((m) => m.event === 'revealed'),
    );
    const caught = await ok('/course-interact/join', { run_id: runId }, s2.token);
    expect(caught).toMatchObject({
      current_index: 0,
      question_state: 'revealed',
      my_answer: { chosen: [1], correct: false, points: 0 },
      correct_options: [0],
    });
    expect(caught.question?.id).toBe(choice);
    expect(await refused('/course-interact/answer', { run_id: runId, index: 0, chosen: [0] }, s2.token)).toBe(
      'interaction_question_closed',
    );

    await ok('/course-interact/end', { run_id: runId }, teacher);
    await waitFor(
      () => pushes(c1, runId),
      (list) => list.some((m) => m.event === 'ended'),
    );
    const records = await ok('/course-interact/records', { course_id: courseId }, teacher);
    const record = records.list.find((r) => r.run_id === runId)!;
    expect(record).toMatchObject({ status: 'ended', student_count: 2, joined_count: 2 });
    const detail = await ok('/course-interact/run-detail', { run_id: runId }, teacher);
    expect(detail.questions[0]).toMatchObject({ answered: 2 });
    expect(detail.students.map((s) => s.user_id).sort()).toEqual([s1.id, s2.id].sort());
    const file = await ok('/course-interact/run-export', { run_id: runId }, teacher);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.content_base64, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '用户名',
      '姓名',
      '已加入',
      '分值',
      '答对',
      '第 1 题得分',
      '第 2 题得分',
    ]);
    // Without the name column (a fresh student has none, and an empty cell reads back as nothing).
    const rows = [2, 3].map((n) => {
      const values = (sheet.getRow(n).values as unknown[]).slice(1);
      return [values[0], ...values.slice(2)];
    });
    expect(rows).toContainEqual([s2.username, '是', 0, 0, 0, '—']);
    expect(rows).toContainEqual([s1.username, '是', first.points, first.correct ? 1 : 0, first.points, '—']);
  });

  it('closes a question at its deadline on the server and refuses later answers', async () => {
    const made = await interaction([{ question_id: numerical, seconds: 20, points: 100 }]);
    const { run_id: runId } = await ok('/course-interact/start', { id: made.id, class_ids: [classA, classB] }, teacher);
    await ok('/course-interact/send', { run_id: runId, index: 0 }, teacher);
    // An answer in another type's form is refused and kept nowhere.
    expect(
      await refused('/course-interact/answer', { run_id: runId, index: 0, response: { texts: ['9.8'] } }, s3.token),
    ).toBe('interaction_answer_invalid');
    expect(await refused('/course-interact/answer', { run_id: runId, index: 0, chosen: [0] }, s3.token)).toBe(
      'interaction_answer_invalid',
    );
    await ok('/course-interact/answer', { run_id: runId, index: 0, response: { text: '9.8' } }, s3.token);
    // The clock ran out (moved back rather than waited for).
    await t.deps.db
      .update(schema.interactionRuns)
      .set({ questionDeadline: new Date(Date.now() - 1000) })
      .where(eq(schema.interactionRuns.id, runId));
    expect(
      await refused('/course-interact/answer', { run_id: runId, index: 0, response: { text: '9.81' } }, s1.token),
    ).toBe('interaction_question_closed');
    const view = await ok('/course-interact/join', { run_id: runId }, s3.token);
    expect(view).toMatchObject({ question_state: 'closed', remaining_ms: null });
    expect(view.my_answer).toMatchObject({ correct: true, points: 100 });
    expect(view.correct_options).toBeNull();
    await ok('/course-interact/end', { run_id: runId }, teacher);
  });

  it('gives speed points by the time taken: 100 × (1 − 10 s / 20 s / 2) = 75', async () => {
    const made = await interaction([{ question_id: choice, seconds: 20, points: 100 }], {
      ...SETTINGS,
      speed_points: true,
    });
    const { run_id: runId } = await ok('/course-interact/start', { id: made.id, class_ids: [classA] }, teacher);
    await ok('/course-interact/send', { run_id: runId, index: 0 }, teacher);
    await t.deps.db
      .update(schema.interactionRuns)
      .set({ questionOpenedAt: new Date(Date.now() - 10_000) })
      .where(eq(schema.interactionRuns.id, runId));
    await ok('/course-interact/answer', { run_id: runId, index: 0, chosen: [0] }, s1.token);
    await ok('/course-interact/close', { run_id: runId }, teacher);
    const view = await ok('/course-interact/join', { run_id: runId }, s1.token);
    // The answer came 10 s and a few milliseconds after the question opened: 75, or 74 on a slow machine.
    expect(view.my_answer?.points).toBeGreaterThanOrEqual(74);
    expect(view.my_answer?.points).toBeLessThanOrEqual(75);
    expect(view.my_points).toBe(view.my_answer?.points);
    await ok('/course-interact/end', { run_id: runId }, teacher);
  });
});
