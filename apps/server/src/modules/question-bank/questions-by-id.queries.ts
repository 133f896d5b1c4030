import type { TQuestionSpec } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { QuestionOption, QuestionType } from '@app/db/schema/index.ts';
import { and, eq, inArray } from 'drizzle-orm';

const { questions } = schema;

/** A question as a learner is shown it and a machine grades it (interactions, material self-tests). */
export interface QuestionForUse {
  id: number;
  type: QuestionType;
  stem: string;
  stemText: string;
  options: QuestionOption[];
  spec: TQuestionSpec | null;
  analysis: string;
  reviewStatus: string;
  createdBy: number | null;
}

/** The organisation's questions of these ids (those that exist), by id. */
export async function loadQuestionsById(
  db: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<Map<number, QuestionForUse>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      stem: questions.stem,
      stemText: questions.stemText,
      options: questions.options,
      spec: questions.spec,
      analysis: questions.analysis,
      reviewStatus: questions.reviewStatus,
      createdBy: questions.createdBy,
    })
    .from(questions)
    .where(and(eq(questions.siteId, siteId), inArray(questions.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, { ...row, spec: row.spec as TQuestionSpec | null }]));
}
