import type { TCourseStudentDetail } from '@app/contracts';
import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, homeOf, ok, refused, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { examCategory, examQuestions, insertExam } from '../../testing/exams.ts';
import { insertId } from '../../testing/fixture-rows.ts';
import { demoSiteIds } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;
let teacher: FreshMember;
let worker: FreshMember;
let idle: FreshMember;
let courseId: number;
let taskIds: number[];
/** Practice questions p0-p3, exam questions e0-e3, a question of another set x0; option 0 is right. */
let q: Record<'p0' | 'p1' | 'p2' | 'p3' | 'e0' | 'e1' | 'e2' | 'e3' | 'x0', number>;
let nodes: { boxes: number; labels: number };

/** A published practice set over these questions' category (4 a session). */
async function practiceSet(questionIds: number[], categoryId: number) {
  return insertId(t, schema.practiceSets, {
    siteId,
    name: `Set ${questionIds[0]}`,
    categoryIds: [categoryId],
    perSession: questionIds.length,
    status: 'published',
  });
}

/** A practice session of new questions through the practice procedures: `wrong` answered wrong; finished. */
async function practise(student: FreshMember, setId: number, wrong: number[]) {
  await ok(t, '/trainingcamp/train-join', { set_id: setId }, student.token);
  const { id } = await ok(t, '/trainingcamp/train-start', { set_id: setId }, student.token);
  const session = await ok(t, '/trainingcamp/session', { id }, student.token);
  for (const question of session.questions) {
    const chosen = wrong.includes(question.id) ? [1] : [0];
    await ok(t, '/trainingcamp/answer', { session_id: id, question_id: question.id, chosen }, student.token);
  }
  await ok(t, '/trainingcamp/finish', { id }, student.token);
}

/**
 * A course of three weighted tasks — a reading (20, due yesterday), a practice set of p0-p3 (30) and an exam of
 * e0-e3 worth 40 points (50) — taught to a class of `worker` and `idle`. Knowledge nodes: "Boxes" holds p0, p1 and
 * e0; "Labels" p1 and e1; p2 has none. `worker` read the reading (60 s), practised twice (p0, p1, p2 wrong: 25 %;
 * then p0 wrong: 75 %), took the exam with e0 and e1 wrong (20 of 40: 50 %), and practised another set outside the
 * course with x0 (of "Boxes") wrong. `idle` did nothing.
 */
beforeAll(async () => {
  t = await createTestApp();
  ({ siteId, otherSiteId } = await demoSiteIds(t));
  teacher = await freshMember(t, siteId, 'role_teacher');
  [worker, idle] = (await Promise.all([1, 2].map(() => freshCandidate(t, siteId)))) as [FreshMember, FreshMember];
  const practiceCategory = await examCategory(t, siteId);
  const [p0, p1, p2, p3] = await examQuestions(t, siteId, practiceCategory, 4);
  const [e0, e1, e2, e3] = await examQuestions(t, siteId, await examCategory(t, siteId), 4);
  const otherCategory = await examCategory(t, siteId);
  const [x0] = await examQuestions(t, siteId, otherCategory, 1);
  q = { p0: p0!, p1: p1!, p2: p2!, p3: p3!, e0: e0!, e1: e1!, e2: e2!, e3: e3!, x0: x0! };
  const mapId = await insertId(t, schema.knowledgeMaps, { siteId, name: `Map ${p0}` });
  nodes = {
    boxes: await insertId(t, schema.knowledgeNodes, { siteId, mapId, code: 'B', name: 'Boxes' }),
    labels: await insertId(t, schema.knowledgeNodes, { siteId, mapId, code: 'L', name: 'Labels' }),
  };
  await t.deps.db
    .insert(schema.questionNodes)
    .values([
      ...[q.p0, q.p1, q.e0, q.x0].map((questionId) => ({ questionId, nodeId: nodes.boxes })),
      ...[q.p1, q.e1].map((questionId) => ({ questionId, nodeId: nodes.labels })),
    ]);
  const setId = await practiceSet([q.p0, q.p1, q.p2, q.p3], practiceCategory);
  const otherSetId = await practiceSet([q.x0], otherCategory);
  const examId = await insertExam(t, siteId, { questionIds: [q.e0, q.e1, q.e2, q.e3], totalScore: 40, passScore: 20 });

  const classId = await groupOf(t, siteId, 'class', [worker, idle]);
  const course = await teachingCourse(t, teacher.token, { classIds: [classId], weeks: 2 });
  courseId = course.id;
  const reading = await addTask(t, teacher.token, course.chapters[0]!.id, {
    title: 'Read the guide',
    weight: 20,
    due_at: new Date(Date.now() - 86_400_000).toISOString(),
  });
  const practice = await addTask(t, teacher.token, course.chapters[0]!.id, {
    kind: 'practice',
    title: 'Practise',
    practice_set_id: setId,
    weight: 30,
  });
  const exam = await addTask(t, teacher.token, course.chapters[1]!.id, {
    kind: 'exam',
    title: 'Exam',
    exam_id: examId,
    weight: 50,
  });
  taskIds = [reading.id, practice.id, exam.id];
  await ok(t, '/dataset-course/online', { id: courseId }, teacher.token);

  await ok(t, '/dataset-course/task-progress', { task_id: reading.id, progress: 1, seconds: 60 }, worker.token);
  await practise(worker, setId, [q.p0, q.p1, q.p2]);
  // A second finished session of the four questions (made directly: the set has no new question left).
  const again = [q.p0, q.p1, q.p2, q.p3];
  const sessionId = await insertId(t, schema.practiceSessions, {
    siteId,
    setId,
    userId: worker.id,
    source: 'both',
    questionIds: again,
    answeredCount: 4,
    correctCount: 3,
    finishedAt: new Date(),
  });
  await t.deps.db.insert(schema.practiceAnswers).values(
    again.map((questionId) => ({
      siteId,
      sessionId,
      userId: worker.id,
      questionId,
      chosen: [0],
      correct: questionId !== q.p0,
    })),
  );
  await practise(worker, otherSetId, [q.x0]);
  const { attempt_id } = await ok(t, '/dataset-examine/start', { exam_id: examId }, worker.token);
  const view = await ok(t, '/dataset-examine/attempt', { attempt_id }, worker.token);
  for (const question of view.questions) {
    const chosen = [q.e0, q.e1].includes(question.id) ? [1] : [0];
    await ok(
      t,
      '/dataset-examine/answer',
      { attempt_id, question_id: question.id, chosen, client_seq: 1 },
      worker.token,
    );
  }
  await ok(t, '/dataset-examine/submit', { attempt_id }, worker.token);
});
afterAll(() => t.close());

const detail = (who: FreshMember, token = teacher.token): Promise<TCourseStudentDetail> =>
  ok(t, '/dataset-course/student-detail', { course_id: courseId, user_id: who.id }, token);

describe("a student's detail", () => {
  it('shows every task as the student sees it, with time spent, attempts and the figures', async () => {
    const answer = await detail(worker);
    expect(answer.student).toMatchObject({ user_id: worker.id, username: worker.username });
    // (20×100 + 30×75 + 50×50) / 100 = 67.5
    expect(answer.figures).toEqual({
      task_count: 3,
      done_count: 3,
      overdue_count: 0,
      progress: 100,
      score: 67.5,
      seconds_spent: 60,
    });
    expect(
      answer.tasks.map((task) => [
        task.id,
        task.chapter_seq,
        task.state,
        task.score,
        task.attempt_count,
        task.finished_count,
      ]),
    ).toEqual([
      [taskIds[0], 1, 'done', 100, 0, 0],
      [taskIds[1], 1, 'done', 75, 2, 2],
      [taskIds[2], 2, 'done', 50, 1, 1],
    ]);
    expect(answer.tasks[0]!.seconds_spent).toBe(60);
    const home = await homeOf(t, worker.token, courseId);
    expect(answer.tasks.map((task) => [task.state, task.score])).toEqual(
      home.chapters.flatMap((chapter) => chapter.tasks.map((task) => [task.state, task.score])),
    );
    expect(answer.figures.score).toBe(home.score);

    const idleAnswer = await detail(idle);
    expect(idleAnswer.figures).toMatchObject({ done_count: 0, overdue_count: 1, progress: 0, score: 0 });
    expect(idleAnswer.tasks.map((task) => [task.state, task.attempt_count])).toEqual([
      ['overdue', 0],
      ['not_started', 0],
      ['not_started', 0],
    ]);
    expect(idleAnswer.wrong).toEqual({ question_count: 0, wrong_count: 0, nodes: [] });
  });

  it("groups the wrong questions of the course's practice and exams by knowledge node", async () => {
    const { wrong } = await detail(worker);
    // p0 twice, p1, p2, e0, e1 once; x0 was practised outside the course.
    expect([wrong.question_count, wrong.wrong_count]).toEqual([5, 6]);
    expect(wrong.nodes.map((node) => [node.node_id, node.node_name, node.question_count, node.wrong_count])).toEqual([
      [nodes.boxes, 'Boxes', 3, 4],
      [nodes.labels, 'Labels', 2, 2],
      [null, null, 1, 1],
    ]);
    expect(wrong.nodes[0]!.questions.map((question) => [question.id, question.wrong_count])).toEqual([
      [q.p0, 2],
      ...[q.p1, q.e0].sort((a, b) => a - b).map((id) => [id, 1]),
    ]);
    expect(wrong.nodes[2]!.questions[0]!.stem).toMatch(/^Exam question /);
  });

  it("uses only the course's own knowledge maps once it has one", async () => {
    const map = await ok(
      t,
      '/dataset-map/create',
      { name: `Course map ${courseId}`, course_id: courseId, nodes: [{ code: 'C', name: 'Course node' }] },
      teacher.token,
    );
    const [node] = (await ok(t, '/dataset-node/tree', { map_id: map.id }, teacher.token)).list;
    await ok(t, '/dataset-node/link-questions', { node_id: node!.id, question_ids: [q.p1] }, teacher.token);
    const { wrong } = await detail(worker);
    expect(wrong.nodes.map((row) => [row.node_id, row.map_name, row.question_count, row.wrong_count])).toEqual([
      [node!.id, map.name, 1, 1],
      [null, null, 4, 5],
    ]);
    await ok(t, '/dataset-map/delete', { id: map.id }, teacher.token);
  });

  it('is refused to strangers, for a user who is no student of the course, and to students', async () => {
    const stranger = await freshMember(t, siteId, 'role_teacher');
    expect(
      await refused(t, '/dataset-course/student-detail', { course_id: courseId, user_id: worker.id }, stranger.token),
    ).toBe('not_found');
    const elsewhere = await freshMember(t, otherSiteId, 'role_teacher');
    expect(
      await refused(t, '/dataset-course/student-detail', { course_id: courseId, user_id: worker.id }, elsewhere.token),
    ).toBe('not_found');
    const outsider = await freshCandidate(t, siteId);
    expect(
      await refused(t, '/dataset-course/student-detail', { course_id: courseId, user_id: outsider.id }, teacher.token),
    ).toBe('not_found');
    expect(
      await refused(t, '/dataset-course/student-detail', { course_id: courseId, user_id: worker.id }, worker.token),
    ).toBe('forbidden');
    const manager = await freshMember(t, siteId, 'role_manager');
    expect((await detail(worker, manager.token)).figures.score).toBe(67.5);
  });
});
