import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_CLASS, DEMO_COURSE, DEMO_HANDOUT, seedDemoCourse } from './seed-demo-course.ts';
import { DEMO_EXAM } from './seed-demo-exam.ts';
import { seedDemoQuestionBank } from './seed-demo-question-bank.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoQuestionBank(t.deps.db, t.deps.storage);
});
afterAll(() => t.close());

describe('the demo course', () => {
  it("is online for the demo student's class: two weeks, this week's work due first, the exam after the link", async () => {
    const student = await sessionFor(t, 'student');
    const mine = (await call(t.app, '/dataset-course/my-list', {}, { token: student })).body.data.list;
    const demo = mine.find((c) => c.name === DEMO_COURSE);
    expect(demo).toMatchObject({ task_count: 5, done_count: 0, progress: 0, owner_name: '李老师' });

    const home = (await call(t.app, '/dataset-course/home', { id: demo!.id }, { token: student })).body.data;
    expect(home.chapters.map((c) => [c.title, c.tasks.length])).toEqual([
      ['第 1 周', 3],
      ['第 2 周', 2],
    ]);
    expect(home.due_this_week.map((task) => task.title)).toEqual(['标注规范导读', '质量与安全入门练习']);
    const exam = home.chapters[1]!.tasks.find((task) => task.title === DEMO_EXAM);
    expect(exam).toMatchObject({ kind: 'exam', state: 'locked', weight: 50 });
    // The handout of the teacher's library: a pdf the student opens through the task.
    const handout = home.chapters[0]!.tasks.find((task) => task.title.startsWith(DEMO_HANDOUT))!;
    expect(handout.source).toMatchObject({ kind: 'document', status: 'ready', view_url: expect.any(String) });
    const file = await t.app.inject({ url: handout.source!.view_url!, headers: { 'access-token': student } });
    expect([file.statusCode, file.body.slice(0, 5)]).toEqual([200, '%PDF-']);

    const classes = (await call(t.app, '/group/my-class', {}, { token: student })).body;
    expect(JSON.stringify(classes)).toContain(DEMO_CLASS);
  });

  it("is the demo teacher's, and a second run adds nothing", async () => {
    const teacher = await sessionFor(t, 'teacher');
    const list = (await call(t.app, '/dataset-course/list', {}, { token: teacher })).body.data.list;
    expect(list.filter((c) => c.name === DEMO_COURSE).map((c) => c.status)).toEqual(['online']);
    expect(await seedDemoCourse(t.deps.db, t.deps.storage)).toBe(0);
    expect(await t.deps.db.$count(schema.courses)).toBe(1);
    expect(await t.deps.db.$count(schema.groups)).toBe(1);
  });
});
