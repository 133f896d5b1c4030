import type { ProcedurePath, TRunLive } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, ok as okCall, refused as refusedCall, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { type AuthoringFixture, authoringFixture, writeQuestion } from '../../testing/question-bank.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { listenForSockets, openSocket, type WsClient, waitFor } from '../../testing/ws-client.ts';

/** Self-paced runs and the course task kind `interact` (docs/interactions.md, docs/courses.md). */

let t: TestApp;
let url: string;
let fixture: AuthoringFixture;
let teacher: string;
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

const SETTINGS = { anonymous: false, show_answer: true, leaderboard: true, speed_points: true, allow_change: false };

/** An online course of the demo teacher taught to class A (s1, s2) and class B (s3), with its first chapter's id. */
async function onlineCourse(classIds: number[]) {
  const course = await teachingCourse(t, teacher, { classIds });
  return { courseId: course.id, chapterId: course.chapters[0]!.id };
}

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

describe('a self-paced run', () => {
  it('opens every question at once: answered in any order, once each, counted live, refused after the end', async () => {
    const { courseId, chapterId } = await onlineCourse([classA, classB]);
    await addTask(t, teacher, chapterId, { title: 'Read first' });
    await ok('/dataset-course/online', { id: courseId }, teacher);
    const made = await ok(
      '/course-interact/create',
      {
        course_id: courseId,
        title: 'At your pace',
        items: [
          { question_id: choice, seconds: 30, points: 100 },
          { question_id: numerical, seconds: 20, points: 50 },
        ],
        settings: SETTINGS,
      },
      teacher,
    );
    const socket = await openSocket(url, { token: s1.token });
    sockets.push(socket);
    await socket.heartbeat();
    const started: TRunLive = await ok(
      '/course-interact/start',
      { id: made.id, class_ids: [classA], mode: 'self_paced' },
      teacher,
    );
    const runId = started.run_id;
    // Open at once, for the sum of the questions' seconds; the pushed start reaches the students.
    expect(started).toMatchObject({ mode: 'self_paced', current_index: -1, question_state: 'open' });
    expect(started.remaining_ms).toBeGreaterThan(45_000);
    expect(started.remaining_ms).toBeLessThanOrEqual(50_000);
    expect(started.sheet.map((entry) => entry.split.answered)).toEqual([0, 0]);
    await waitFor(
      () =>
        socket.messages.some((m) => m?.data?.action === 'interact' && m.data.run_id === runId && m.data.index === -1),
      Boolean,
    );
    expect(await refused('/course-interact/send', { run_id: runId, index: 0 }, teacher)).toBe('interaction_self_paced');

    // s1 answers the second question first, then the first; s2 only the first.
    await ok('/course-interact/answer', { run_id: runId, index: 1, response: { text: '9.8' } }, s1.token);
    const view = await ok('/course-interact/answer', { run_id: runId, index: 0, chosen: [0] }, s1.token);
    expect(view.sheet.map((entry) => entry.my_answer?.correct)).toEqual([null, null]);
    expect(view.sheet[0]!.correct_options).toBeNull();
    expect(
      await refused('/course-interact/answer', { run_id: runId, index: 1, response: { text: '1' } }, s1.token),
    ).toBe('interaction_already_answered');
    expect(await refused('/course-interact/answer', { run_id: runId, index: 2, chosen: [0] }, s1.token)).toBe(
      'interaction_index_wrong',
    );
    expect(await refused('/course-interact/answer', { run_id: runId, index: 0, chosen: [0] }, s3.token)).toBe(
      'not_found',
    );
    // Four answers of s2 to the first question at once (wrongly): one is kept.
    const tries = await Promise.all(
      [1, 1, 1, 1].map((key) =>
        t.app.inject({
          method: 'POST',
          url: '/api/course-interact/answer',
          headers: { 'access-token': s2.token },
          payload: { run_id: runId, index: 0, chosen: [key] },
        }),
      ),
    );
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.json().error === 'interaction_already_answered')).toHaveLength(3);

    const live = await ok('/course-interact/live', { run_id: runId }, teacher);
    expect(live.sheet[0]!.split).toMatchObject({ answered: 2, correct: 1 });
    expect(live.sheet[0]!.split.options).toEqual([
      { key: 0, count: 1 },
      { key: 1, count: 1 },
      { key: 2, count: 0 },
    ]);
    expect(live.sheet[1]!.split).toMatchObject({ answered: 1, correct: 1 });
    // s2 still has a question to answer; s1 answered all.
    expect((await ok('/course-interact/my-open', {}, s2.token)).list.map((row) => row.id)).toContain(runId);
    expect((await ok('/course-interact/my-open', {}, s1.token)).list.map((row) => row.id)).not.toContain(runId);

    await ok('/course-interact/end', { run_id: runId }, teacher);
    expect(
      await refused('/course-interact/answer', { run_id: runId, index: 1, response: { text: '9.81' } }, s2.token),
    ).toBe('interaction_question_closed');
    // After the end: the outcomes and the keys; no speed points in self-paced mode (all of them for a right answer).
    const after = await ok('/course-interact/join', { run_id: runId }, s1.token);
    expect(after.sheet.map((entry) => entry.my_answer?.points)).toEqual([100, 50]);
    expect(after.sheet[0]!.correct_options).toEqual([0]);
    expect(after.my_points).toBe(150);
    const records = await ok('/course-interact/records', { course_id: courseId }, teacher);
    expect(records.list.find((row) => row.run_id === runId)).toMatchObject({ mode: 'self_paced', status: 'ended' });
  });

  it('has no time limit when a question has none, and closes all questions at once', async () => {
    const { courseId, chapterId } = await onlineCourse([classA]);
    await addTask(t, teacher, chapterId, { title: 'Read first' });
    await ok('/dataset-course/online', { id: courseId }, teacher);
    const made = await ok(
      '/course-interact/create',
      {
        course_id: courseId,
        title: 'No limit',
        items: [
          { question_id: choice, seconds: 30, points: 10 },
          { question_id: numerical, seconds: 0, points: 10 },
        ],
        settings: SETTINGS,
      },
      teacher,
    );
    const run = await ok('/course-interact/start', { id: made.id, class_ids: [classA], mode: 'self_paced' }, teacher);
    expect(run.remaining_ms).toBeNull();
    await ok('/course-interact/close', { run_id: run.run_id }, teacher);
    expect(await refused('/course-interact/answer', { run_id: run.run_id, index: 0, chosen: [0] }, s1.token)).toBe(
      'interaction_question_closed',
    );
    await ok('/course-interact/end', { run_id: run.run_id }, teacher);
  });
});

describe('the course task kind interact', () => {
  it('is done once answered in an ended run, scored by the best run, and counts in the matrix and the score', async () => {
    const { courseId, chapterId } = await onlineCourse([classA]);
    const other = await onlineCourse([classA]);
    const items = [
      { question_id: choice, seconds: 0, points: 100 },
      { question_id: numerical, seconds: 0, points: 50 },
    ];
    const made = await ok(
      '/course-interact/create',
      { course_id: courseId, title: 'Scored', items, settings: SETTINGS },
      teacher,
    );
    const foreign = await ok(
      '/course-interact/create',
      { course_id: other.courseId, title: 'Elsewhere', items, settings: SETTINGS },
      teacher,
    );
    const reading = await addTask(t, teacher, chapterId, { title: 'Read', weight: 40 });
    const base = { chapter_id: chapterId, kind: 'interact', title: 'In class', weight: 60 };
    expect(await refused('/dataset-course/task-save', base, teacher)).toBe('course_task_source_wrong');
    expect(await refused('/dataset-course/task-save', { ...base, interaction_id: foreign.id }, teacher)).toBe(
      'course_task_source_wrong',
    );
    const task = await ok('/dataset-course/task-save', { ...base, interaction_id: made.id }, teacher);
    expect(task).toMatchObject({ kind: 'interact', interaction_id: made.id, interaction_title: 'Scored' });
    await ok('/dataset-course/online', { id: courseId }, teacher);

    // A self-paced run: s1 gets the choice right (100 of 150 points) and the number wrong; s2 answers nothing.
    const run1 = await ok('/course-interact/start', { id: made.id, class_ids: [classA], mode: 'self_paced' }, teacher);
    const taskOf = async (token: string) =>
      (await ok('/dataset-course/home', { id: courseId }, token)).chapters[0]!.tasks.find((v) => v.id === task.id)!;
    expect(await taskOf(s1.token)).toMatchObject({ state: 'not_started', open_run_id: run1.run_id });
    await ok('/course-interact/answer', { run_id: run1.run_id, index: 0, chosen: [0] }, s1.token);
    await ok('/course-interact/answer', { run_id: run1.run_id, index: 1, response: { text: '5' } }, s1.token);
    expect(await taskOf(s1.token)).toMatchObject({ state: 'in_progress', score: null });
    await ok('/course-interact/end', { run_id: run1.run_id }, teacher);
    // A live run later: s1 gets the choice wrong (0 points); the best run still counts.
    const run2 = await ok('/course-interact/start', { id: made.id, class_ids: [classA] }, teacher);
    await ok('/course-interact/send', { run_id: run2.run_id, index: 0 }, teacher);
    await ok('/course-interact/answer', { run_id: run2.run_id, index: 0, chosen: [2] }, s1.token);
    await ok('/course-interact/end', { run_id: run2.run_id }, teacher);
    await ok('/dataset-course/task-progress', { task_id: reading.id, progress: 1, seconds: 5 }, s1.token);

    // 100 / 150 = 66.67; course score (40 × 100 + 60 × 66.67) / 100 = 80.
    expect(await taskOf(s1.token)).toMatchObject({
      state: 'done',
      score: 66.67,
      open_run_id: null,
      last_run_id: run2.run_id,
    });
    expect((await ok('/dataset-course/home', { id: courseId }, s1.token)).score).toBe(80);
    const matrix = await ok('/dataset-course/matrix', { course_id: courseId, pageSize: 100 }, teacher);
    const rowOf = (id: number) => matrix.list.find((row) => row.user_id === id)!;
    expect(rowOf(s1.id)).toMatchObject({ score: 80, done_count: 2 });
    expect(rowOf(s1.id).cells[1]).toEqual({ state: 'done', score: 66.67 });
    expect(rowOf(s2.id)).toMatchObject({ score: 0, done_count: 0 });
    expect(rowOf(s2.id).cells[1]).toEqual({ state: 'not_started', score: null });
    const ranking = await ok('/dataset-course/ranking', { course_id: courseId, pageSize: 100 }, teacher);
    expect(ranking.list.find((row) => row.user_id === s1.id)).toMatchObject({ rank: 1, score: 80 });

    // The per-student detail: both runs, the latest for its detail, and the two wrong answers by node.
    const detail = await ok('/dataset-course/student-detail', { course_id: courseId, user_id: s1.id }, teacher);
    expect(detail.figures.score).toBe(80);
    expect(detail.tasks.find((row) => row.id === task.id)).toMatchObject({
      state: 'done',
      score: 66.67,
      attempt_count: 2,
      finished_count: 2,
      last_run_id: run2.run_id,
    });
    expect(detail.wrong).toMatchObject({ question_count: 2, wrong_count: 2 });

    // Work on it is kept: deleting the task needs force.
    expect(await refused('/dataset-course/task-delete', { id: task.id }, teacher)).toBe('course_work_exists');
  });
});
