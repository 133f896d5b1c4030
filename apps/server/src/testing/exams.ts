import { schema } from '@app/db';
import type { Difficulty, ExamBlueprint, QuestionType } from '@app/db/schema/index.ts';
import type { TestApp } from './test-app.ts';

const unique = () => Math.random().toString(36).slice(2, 10);

/** A passed category of the organisation (below `parentId` when given). */
export async function examCategory(t: TestApp, siteId: number, parentId: number | null = null): Promise<number> {
  const [row] = await t.deps.db
    .insert(schema.questionCategories)
    .values({ siteId, parentId, name: `exam cat ${unique()}`, reviewStatus: 'passed' })
    .returning({ id: schema.questionCategories.id });
  return row!.id;
}

/** `n` questions of a type and difficulty in a category; option 0 is the correct one (0 and 1 for multiple). */
export async function examQuestions(
  t: TestApp,
  siteId: number,
  categoryId: number,
  n: number,
  opts: { type?: QuestionType; difficulty?: Difficulty; reviewStatus?: 'passed' | 'unreviewed' | 'failed' } = {},
): Promise<number[]> {
  if (n === 0) return [];
  const type = opts.type ?? 'single';
  const rows = await t.deps.db
    .insert(schema.questions)
    .values(
      Array.from({ length: n }, () => {
        const text = `Exam question ${unique()}`;
        return {
          siteId,
          categoryId,
          type,
          difficulty: opts.difficulty ?? 'medium',
          stem: `<p>${text}</p>`,
          stemText: text,
          options:
            type === 'judge'
              ? [
                  { content: '<p>对</p>', correct: true },
                  { content: '<p>错</p>', correct: false },
                ]
              : [
                  { content: '<p>A</p>', correct: true },
                  { content: '<p>B</p>', correct: type === 'multiple' },
                  { content: '<p>C</p>', correct: false },
                ],
          reviewStatus: opts.reviewStatus ?? 'passed',
        };
      }),
    )
    .returning({ id: schema.questions.id });
  return rows.map((r) => r.id);
}

export const blueprintOf = (over: Partial<ExamBlueprint>): ExamBlueprint => ({
  total: 10,
  typeRatios: { single: 1, multiple: 0, judge: 0 },
  difficultyRatios: { easy: 0, medium: 0, hard: 0 },
  categoryIds: [],
  nodeIds: [],
  ...over,
});

/** An exam row made directly (published, window open for a day, fixed paper of `questionIds`). */
export async function insertExam(
  t: TestApp,
  siteId: number,
  over: Partial<typeof schema.exams.$inferInsert> = {},
): Promise<number> {
  const now = Date.now();
  const [row] = await t.deps.db
    .insert(schema.exams)
    .values({
      siteId,
      name: `Exam ${unique()}`,
      passScore: 60,
      durationSeconds: 3600,
      windowStart: new Date(now - 3600_000),
      windowEnd: new Date(now + 86400_000),
      status: 'published',
      ...over,
    })
    .returning({ id: schema.exams.id });
  return row!.id;
}
