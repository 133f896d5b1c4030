import type { ProcedurePath } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok as okCall } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { insertExam } from '../../testing/exams.ts';
import { type AuthoringFixture, authoringFixture, writeQuestion } from '../../testing/question-bank.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let teacher: string;
let categoryId: number;
let fixture: AuthoringFixture;

const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
  okCall(t, path, body, token);

const question = (type: string, spec: Record<string, unknown>) => writeQuestion(t, fixture, { type, spec });

beforeAll(async () => {
  t = await createTestApp();
  fixture = await authoringFixture(t);
  ({ siteId, teacher, categoryId } = fixture);
});
afterAll(() => t.close());

describe('the question bank keeps the key of each type', () => {
  it('stores only the fields of the type, sanitised, and names a broken rule', async () => {
    const saved = await question('matching', {
      pairs: [
        { left: '<p>H<script>x()</script></p>', right: 'hydrogen' },
        { left: 'O', right: 'oxygen' },
      ],
      distractors: ['helium'],
      value: 3,
    });
    expect(saved.spec).toEqual({
      pairs: [
        { left: '<p>H</p>', right: 'hydrogen' },
        { left: 'O', right: 'oxygen' },
      ],
      distractors: ['helium'],
    });
    expect(saved.options).toEqual([]);
    const detail = await ok('/dataset-data/detail', { id: saved.id }, teacher);
    expect(detail.spec).toEqual(saved.spec);
    const broken = await call(
      t.app,
      '/dataset-data/create',
      {
        category_id: categoryId,
        type: 'blank',
        stem: '<p>The capital is ____.</p>',
        spec: { blanks: [{ accepted: [] }] },
      },
      { token: teacher },
    );
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('question_accepted_required');
  });
});

describe('answering matching and ordering questions in an exam', () => {
  it('shows the items shuffled with their keys, and grades the keys given', async () => {
    const matching = await question('matching', {
      pairs: [
        { left: 'H', right: 'hydrogen' },
        { left: 'O', right: 'oxygen' },
        { left: 'N', right: 'nitrogen' },
      ],
      distractors: ['helium'],
    });
    const ordering = await question('ordering', { items: ['one', 'two', 'three', 'four'] });
    const examId = await insertExam(t, siteId, { questionIds: [matching.id, ordering.id], totalScore: 20 });
    const c = await freshCandidate(t, siteId);
    const { attempt_id } = await ok('/dataset-examine/start', { exam_id: examId }, c.token);
    const view = await ok('/dataset-examine/attempt', { attempt_id }, c.token);
    const [shownMatching, shownOrdering] = view.questions;
    if (!shownMatching || !shownOrdering) throw new Error('the paper has two questions');
    expect(shownMatching.layout?.lefts).toEqual(['H', 'O', 'N']);
    expect(shownMatching.options.map((o) => o.key).sort()).toEqual([0, 1, 2, 3]);
    const rightOf = (key: number) => shownMatching.options.find((o) => o.key === key)?.content;
    expect([0, 1, 2, 3].map(rightOf)).toEqual(['hydrogen', 'oxygen', 'nitrogen', 'helium']);
    const shownOrder = shownOrdering.options.map((o) => o.key);
    expect(shownOrder).not.toEqual([0, 1, 2, 3]);
    expect(JSON.stringify(view)).not.toContain('"pairs"');

    const beyond = await call(
      t.app,
      '/dataset-examine/answer',
      { attempt_id, question_id: matching.id, response: { order: [0, 1, 9] }, client_seq: 1 },
      { token: c.token },
    );
    expect(beyond.body.error).toBe('exam_option_invalid');
    // H-hydrogen, O-helium (wrong), N-nitrogen: 2 of 3 pairs of 10 points = 6.66.
    await ok(
      '/dataset-examine/answer',
      { attempt_id, question_id: matching.id, response: { order: [0, 3, 2] }, client_seq: 2 },
      c.token,
    );
    // two, three, four, one: 2 of 3 successors kept = 6.66.
    await ok(
      '/dataset-examine/answer',
      { attempt_id, question_id: ordering.id, response: { order: [1, 2, 3, 0] }, client_seq: 3 },
      c.token,
    );
    const result = await ok('/dataset-examine/submit', { attempt_id }, c.token);
    expect(result).toMatchObject({ status: 'graded', score: 13.32, answered: 2, correct: 0 });
    expect(result.questions[0]?.response).toEqual({ order: [0, 3, 2] });
    expect(result.questions[0]?.spec?.pairs).toHaveLength(3);
  });
});
