import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok as okCall } from '../../testing/courses.ts';
import { type AuthoringFixture, authoringFixture, writeQuestion } from '../../testing/question-bank.ts';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let fixture: AuthoringFixture;
let student: string;

const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token = student) =>
  okCall(t, path, body, token);

beforeAll(async () => {
  t = await createTestApp();
  fixture = await authoringFixture(t);
  student = await sessionFor(t, 'student');
});
afterAll(() => t.close());

/** A question of the fixture's category, passed at once (practice draws passed questions only). */
async function passed(input: Record<string, unknown>, categoryId = fixture.categoryId): Promise<number> {
  const saved = await writeQuestion(t, { ...fixture, categoryId }, input);
  await t.deps.db.update(schema.questions).set({ reviewStatus: 'passed' }).where(eq(schema.questions.id, saved.id));
  return saved.id;
}

/** A published set over a category, joined by the student. */
async function joinedSet(categoryId: number): Promise<number> {
  const [set] = await t.deps.db
    .insert(schema.practiceSets)
    .values({ siteId: fixture.siteId, name: 'types', categoryIds: [categoryId], status: 'published', perSession: 20 })
    .returning({ id: schema.practiceSets.id });
  await ok('/trainingcamp/train-join', { set_id: set!.id });
  return set!.id;
}

const answer = (sessionId: number, questionId: number, body: Record<string, unknown>) =>
  call(t.app, '/trainingcamp/answer', { session_id: sessionId, question_id: questionId, ...body }, { token: student });

describe('practice answers every type a machine grades', () => {
  type Kind = 'single' | 'blank' | 'numerical' | 'matching' | 'ordering' | 'short' | 'essay' | 'byHand';
  const ids = {} as Record<Kind, number>;
  let sessionId = 0;

  beforeAll(async () => {
    ids.single = await passed({
      type: 'single',
      options: [
        { content: 'A', correct: true },
        { content: 'B', correct: false },
      ],
    });
    ids.blank = await passed({
      type: 'blank',
      spec: { blanks: [{ accepted: ['Zhengzhou'] }, { accepted: ['Kaifeng'] }] },
    });
    ids.numerical = await passed({ type: 'numerical', spec: { value: 9.8, tolerance: 0.1, unit: 'm/s' } });
    ids.matching = await passed({
      type: 'matching',
      spec: {
        pairs: [
          { left: 'H', right: 'hydrogen' },
          { left: 'O', right: 'oxygen' },
          { left: 'N', right: 'nitrogen' },
        ],
        distractors: ['helium'],
      },
    });
    ids.ordering = await passed({ type: 'ordering', spec: { items: ['one', 'two', 'three', 'four'] } });
    ids.short = await passed({ type: 'short', spec: { accepted: ['Luoyang'] } });
    ids.essay = await passed({ type: 'essay', spec: { rubric: [{ criterion: 'clear', points: 5 }] } });
    ids.byHand = await passed({
      type: 'short',
      spec: { by_hand: true, accepted: [], rubric: [{ criterion: 'right', points: 2 }] },
    });
  });

  it('pools and the picker hold the auto-graded types, not essays nor short answers marked by hand', async () => {
    const autoGraded = [ids.single, ids.blank, ids.numerical, ids.matching, ids.ordering, ids.short].sort();
    const preview = await ok('/dataset-train/pool-preview', { category_ids: [fixture.categoryId] }, fixture.teacher);
    expect(preview.count).toBe(6);
    expect(preview.questions.map((q) => q.id).sort()).toEqual(autoGraded);
    const picker = await ok(
      '/dataset-data/list',
      { category_id: fixture.categoryId, review_status: 'passed', auto_graded: true, pageSize: 50 },
      fixture.teacher,
    );
    expect(picker.list.map((q) => q.id).sort()).toEqual(autoGraded);
    const setId = await joinedSet(fixture.categoryId);
    sessionId = (await ok('/trainingcamp/train-start', { set_id: setId })).id;
    const session = await ok('/trainingcamp/session', { id: sessionId });
    expect(session.questions.map((q) => q.id).sort()).toEqual(autoGraded);
  });

  it('sends matching and ordering items shuffled with their keys, and no key before answering', async () => {
    const session = await ok('/trainingcamp/session', { id: sessionId });
    for (const q of session.questions) {
      expect(q).toMatchObject({ answered: false, spec: null, analysis: null, share: null, correct: null });
      expect(q.options.every((option) => option.correct === undefined)).toBe(true);
    }
    const text = JSON.stringify(session);
    for (const secret of ['Zhengzhou', 'Kaifeng', 'Luoyang', '9.8']) expect(text).not.toContain(secret);
    const matching = session.questions.find((q) => q.id === ids.matching)!;
    expect(matching.layout?.lefts).toEqual(['H', 'O', 'N']);
    const items = ['hydrogen', 'oxygen', 'nitrogen', 'helium'];
    expect(matching.options.map((o) => o.key).sort()).toEqual([0, 1, 2, 3]);
    for (const option of matching.options) expect(option.content).toBe(items[option.key]);
    const ordering = session.questions.find((q) => q.id === ids.ordering)!;
    const keys = ordering.options.map((o) => o.key);
    expect([...keys].sort()).toEqual([0, 1, 2, 3]);
    expect(keys).not.toEqual([0, 1, 2, 3]);
    expect(session.questions.find((q) => q.id === ids.blank)!.layout?.blank_count).toBe(2);
    // The order is the session's: the same on every read.
    const again = await ok('/trainingcamp/session', { id: sessionId });
    expect(again.questions.find((q) => q.id === ids.ordering)!.options.map((o) => o.key)).toEqual(keys);
  });

  it('refuses answers of the wrong shape with practice_answer_invalid and changes nothing', async () => {
    const refusals: [number, Record<string, unknown>, string][] = [
      [ids.blank, { chosen: [0] }, 'chosen_for_choices_only'],
      [ids.blank, { response: { text: 'Zhengzhou' } }, 'fields_of_another_type'],
      [ids.blank, { response: { texts: ['Zhengzhou'] } }, 'blank_count'],
      [ids.blank, { response: { texts: ['', ' '] } }, 'empty'],
      [ids.blank, {}, 'response_required'],
      [ids.single, { response: { text: 'A' } }, 'response_for_choice'],
      [ids.matching, { response: { order: [0, 1, 9] } }, 'matching_keys'],
      [ids.matching, { response: { order: [0, 1] } }, 'matching_keys'],
      [ids.ordering, { response: { order: [0, 0, 1, 2] } }, 'ordering_keys'],
      [ids.ordering, { response: { order: [0, 1, 2] } }, 'ordering_keys'],
      [ids.numerical, { response: { text: '9.8', order: [0] } }, 'fields_of_another_type'],
    ];
    for (const [questionId, body, reason] of refusals) {
      const refused = await answer(sessionId, questionId, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe('practice_answer_invalid');
      expect(refused.body.details).toEqual({ reason });
    }
    const session = await ok('/trainingcamp/session', { id: sessionId });
    expect(session).toMatchObject({ answered_count: 0, correct_count: 0 });
    const rows = await t.deps.db
      .select({ id: schema.practiceAnswers.id })
      .from(schema.practiceAnswers)
      .where(eq(schema.practiceAnswers.sessionId, sessionId));
    expect(rows).toEqual([]);
  });

  it('grades each type as exams do: correct at full marks only, the share shown, the key given back', async () => {
    const blank = (await answer(sessionId, ids.blank, { response: { texts: [' zhengzhou', 'Luoyang'] } })).body.data;
    expect(blank).toMatchObject({ correct: false, share: 0.5, correct_options: [] });
    expect(blank.spec?.blanks).toEqual([{ accepted: ['Zhengzhou'] }, { accepted: ['Kaifeng'] }]);
    const numerical = (await answer(sessionId, ids.numerical, { response: { text: '9,75 m/s' } })).body.data;
    expect(numerical).toMatchObject({ correct: true, share: 1, spec: { value: 9.8, tolerance: 0.1, unit: 'm/s' } });
    // H → hydrogen is right; O and N are given each other's item: one pair of three.
    const matching = (await answer(sessionId, ids.matching, { response: { order: [0, 2, 1] } })).body.data;
    expect(matching.correct).toBe(false);
    expect(matching.share).toBeCloseTo(1 / 3, 3);
    expect(matching.spec?.pairs?.[1]).toEqual({ left: 'O', right: 'oxygen' });
    // 2 3 4 1: "two" and "three" keep their successor, two of three.
    const ordering = (await answer(sessionId, ids.ordering, { response: { order: [1, 2, 3, 0] } })).body.data;
    expect(ordering.correct).toBe(false);
    expect(ordering.share).toBeCloseTo(2 / 3, 3);
    expect(ordering.spec?.items).toEqual(['one', 'two', 'three', 'four']);
    const short = (await answer(sessionId, ids.short, { response: { text: 'LUO yang' } })).body.data;
    expect(short).toMatchObject({ correct: true, share: 1, response: { text: 'LUO yang' } });
    const single = (await answer(sessionId, ids.single, { chosen: [0] })).body.data;
    expect(single).toMatchObject({ correct: true, share: 1, correct_options: [0], spec: null, chosen: [0] });

    // A second answer changes nothing and is not counted again.
    const second = (await answer(sessionId, ids.blank, { response: { texts: ['Zhengzhou', 'Kaifeng'] } })).body.data;
    expect(second).toMatchObject({ correct: false, share: 0.5, response: { texts: [' zhengzhou', 'Luoyang'] } });
    const session = await ok('/trainingcamp/session', { id: sessionId });
    expect(session).toMatchObject({ answered_count: 6, correct_count: 3 });
    const shown = session.questions.find((q) => q.id === ids.ordering)!;
    expect(shown).toMatchObject({ answered: true, correct: false, response: { order: [1, 2, 3, 0] } });
    expect(shown.spec?.items).toHaveLength(4);
    const [stats] = await t.deps.db
      .select({ answers: schema.questions.answerCount, correct: schema.questions.correctCount })
      .from(schema.questions)
      .where(eq(schema.questions.id, ids.blank));
    expect(stats).toEqual({ answers: 1, correct: 0 });

    const result = await ok('/trainingcamp/train-result', { id: sessionId });
    expect(result.score).toBe(50);
    const row = result.questions.find((q) => q.id === ids.matching)!;
    expect(row).toMatchObject({ type: 'matching', answered: true, correct: false, response: { order: [0, 2, 1] } });
    expect(row.spec?.pairs).toHaveLength(3);
  });

  it('puts part-right answers in the wrong book, and practises them again from there', async () => {
    const book = await ok('/trainingcamp/mywrong', { category_id: fixture.categoryId, pageSize: 50 });
    expect(book.list.map((r) => [r.question_id, r.type]).sort()).toEqual(
      [
        [ids.blank, 'blank'],
        [ids.matching, 'matching'],
        [ids.ordering, 'ordering'],
      ].sort(),
    );
    const again = (await ok('/trainingcamp/wrong-start', { category_id: fixture.categoryId, count: 10 })).id;
    const session = await ok('/trainingcamp/session', { id: again });
    expect(session.questions.map((q) => q.id).sort()).toEqual([ids.blank, ids.matching, ids.ordering].sort());
    const ordering = session.questions.find((q) => q.id === ids.ordering)!;
    expect(ordering.options.map((o) => o.key)).not.toEqual([0, 1, 2, 3]);
    const right = (await answer(again, ids.ordering, { response: { order: [0, 1, 2, 3] } })).body.data;
    expect(right).toMatchObject({ correct: true, share: 1 });
    const [entry] = await t.deps.db
      .select({ streak: schema.wrongBookEntries.correctStreak })
      .from(schema.wrongBookEntries)
      .where(eq(schema.wrongBookEntries.questionId, ids.ordering));
    expect(entry?.streak).toBe(1);
  });

  it('refuses to grade a question changed to marking by hand since the session drew it, and drops it from the book', async () => {
    const categoryId = (await authoringFixture(t)).categoryId;
    const answered = await passed({ type: 'short', spec: { accepted: ['yes'] } }, categoryId);
    const waiting = await passed({ type: 'short', spec: { accepted: ['yes'] } }, categoryId);
    const id = (await ok('/trainingcamp/train-start', { set_id: await joinedSet(categoryId) })).id;
    expect((await answer(id, answered, { response: { text: 'no' } })).body.data.correct).toBe(false);
    await t.deps.db
      .update(schema.questions)
      .set({ spec: { accepted: ['yes'], by_hand: true, rubric: [{ criterion: 'right', points: 1 }] } })
      .where(inArray(schema.questions.id, [answered, waiting]));
    const refused = await answer(id, waiting, { response: { text: 'yes' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('practice_question_by_hand');
    const book = await ok('/trainingcamp/mywrong', { category_id: categoryId, pageSize: 50 });
    expect(book.list.map((r) => r.question_id)).toEqual([answered]);
    const wrongStart = await call(t.app, '/trainingcamp/wrong-start', { category_id: categoryId }, { token: student });
    expect(wrongStart.body.error).toBe('practice_no_questions');
  });
});
