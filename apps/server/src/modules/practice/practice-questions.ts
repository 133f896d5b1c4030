import { isChoiceType, type TPracticeQuestion, type TQuestionSpec } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { QuestionOption, QuestionType } from '@app/db/schema/index.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { keyContent, keyCount, shownOrder } from '../exam-taking/index.ts';

const { questions } = schema;

/** A question as practice shows and grades it. */
export interface PracticeQuestion {
  id: number;
  type: QuestionType;
  options: QuestionOption[];
  spec: TQuestionSpec | null;
  analysis: string;
}

/** Matching and ordering show their items shuffled (a paper's `shownOrder`); the other types need no order. */
const shuffledItems = (type: QuestionType) => type === 'matching' || type === 'ordering';

/** The types, keys and analyses of the organisation's questions of these ids, by id. */
export async function loadPracticeQuestions(
  db: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<Map<number, PracticeQuestion>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      options: questions.options,
      spec: questions.spec,
      analysis: questions.analysis,
    })
    .from(questions)
    .where(and(eq(questions.siteId, siteId), inArray(questions.id, [...ids])));
  return new Map(rows.map((row) => [row.id, { ...row, spec: row.spec as TQuestionSpec | null }]));
}

/** The order a session shows each matching and ordering question's items in, drawn once when it starts. */
export function drawKeyOrders(list: Iterable<PracticeQuestion>): Record<string, number[]> {
  const orders: Record<string, number[]> = {};
  for (const question of list) {
    if (shuffledItems(question.type)) orders[question.id] = shownOrder(question.type, keyCount(question), false);
  }
  return orders;
}

/**
 * The keys a question shows, in the session's order: choices in place; matching and ordering in the order drawn at
 * the start, less keys the question lost since and with keys it gained appended.
 */
function shownKeys(question: PracticeQuestion, drawn: readonly number[] | undefined): number[] {
  const count = keyCount(question);
  const natural = Array.from({ length: count }, (_, key) => key);
  if (!shuffledItems(question.type) || !drawn) return natural;
  const kept = drawn.filter((key) => key < count);
  return [...kept, ...natural.filter((key) => !kept.includes(key))];
}

/** What a session shows as options: choices (with their correct flags once answered), or the shuffled items. */
export function practiceOptions(
  question: PracticeQuestion,
  drawn: readonly number[] | undefined,
  answered: boolean,
): TPracticeQuestion['options'] {
  return shownKeys(question, drawn).map((key) => {
    const content = keyContent(question, key) ?? '';
    const option = question.options[key];
    return isChoiceType(question.type) && answered && option
      ? { key, content, correct: option.correct }
      : { key, content };
  });
}
