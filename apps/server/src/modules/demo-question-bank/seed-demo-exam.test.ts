import { schema } from '@app/db';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type PathTail, type TestApp } from '../../testing/test-app.ts';
import { DEMO_CERT_TEMPLATE, DEMO_EXAM, seedDemoExam } from './seed-demo-exam.ts';
import { seedDemoQuestionBank } from './seed-demo-question-bank.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoQuestionBank(t.deps.db, t.deps.storage);
});
afterAll(() => t.close());

const exam = <S extends PathTail<'/dataset-examine/'>>(path: S, body: object, token: string) =>
  call(t.app, `/dataset-examine/${path}`, body, { token });

describe('the demo exam', () => {
  it('lets a demo student earn a certificate out of the box: pass the exam, hold the certificate', async () => {
    const student = await sessionFor(t, 'student');
    const mine = (await exam('my-list', { tab: 'exam' }, student)).body.data.list;
    const demo = mine.find((e) => e.name === DEMO_EXAM);
    expect(demo).toMatchObject({ data_count: 8, pass_score: 60, total_score: 100 });

    const started = await exam('start', { exam_id: demo!.id }, student);
    expect(started.body.error).toBeUndefined();
    const attempt = (await exam('attempt', { attempt_id: started.body.data.attempt_id }, student)).body.data;
    const ids = attempt.questions.map((q) => q.id);
    const stored = await t.deps.db.select().from(schema.questions).where(inArray(schema.questions.id, ids));
    for (const [seq, question] of attempt.questions.entries()) {
      const options = stored.find((q) => q.id === question.id)!.options;
      const chosen = options.flatMap((option, index) => (option.correct ? [index] : []));
      const saved = await exam(
        'answer',
        { attempt_id: attempt.id, question_id: question.id, chosen, client_seq: seq + 1 },
        student,
      );
      expect(saved.status).toBe(200);
    }
    const result = (await exam('submit', { attempt_id: attempt.id }, student)).body.data;
    expect(result).toMatchObject({ score: 100, passed: true });

    const certificates = (await call(t.app, '/trainingcamp/mycerts', {}, { token: student })).body.data;
    expect(certificates.map((c) => c.title)).toContain('数据标注基础合格证书');
  });

  it('adds nothing when run again', async () => {
    expect(await seedDemoExam(t.deps.db)).toBe(0);
    const templates = await t.deps.db.select().from(schema.certTemplates);
    expect(templates.filter((row) => row.name === DEMO_CERT_TEMPLATE)).toHaveLength(1);
  });
});
