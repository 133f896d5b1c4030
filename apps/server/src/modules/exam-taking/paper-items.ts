import { placeableCount, type TPaperLayout, type TQuestionSpec } from '@app/contracts';
import { schema } from '@app/db';
import type { QuestionOption, QuestionType } from '@app/db/schema/index.ts';
import { sql } from 'drizzle-orm';

/**
 * What a paper shows of each question type: choices their options; matching its right-hand items (pairs' right
 * sides, then the distractors) and ordering its items, both as `options` keyed by position and always shuffled;
 * the rest of what a candidate needs in `layout`.
 */
export interface PaperQuestionContent {
  type: QuestionType;
  options: QuestionOption[];
  spec: TQuestionSpec | null;
}

const { questions } = schema;

/** How many keys a question's paper entry orders: options for choices, placeable items for matching and ordering. */
export const KEY_COUNT_SQL = sql<number>`case ${questions.type}
  when 'matching' then coalesce(jsonb_array_length(${questions.spec}->'pairs'), 0)
    + coalesce(jsonb_array_length(${questions.spec}->'distractors'), 0)
  when 'ordering' then coalesce(jsonb_array_length(${questions.spec}->'items'), 0)
  else jsonb_array_length(${questions.options}) end`;

/** The content shown for a key of a question's paper entry ('' when the question changed since the draw). */
export function keyContent(question: PaperQuestionContent, key: number): string | undefined {
  if (question.type === 'matching') {
    const pairs = question.spec?.pairs ?? [];
    return key < pairs.length ? pairs[key]!.right : question.spec?.distractors?.[key - pairs.length];
  }
  if (question.type === 'ordering') return question.spec?.items?.[key];
  return question.options[key]?.content;
}

/** The keys a question currently has (a question edited since the draw may have fewer). */
export const keyCount = (question: PaperQuestionContent) =>
  question.type === 'matching' || question.type === 'ordering'
    ? placeableCount(question.type, question.spec)
    : question.options.length;

/** What the candidate needs besides the stem and options; null for choices. */
export function paperLayout(question: PaperQuestionContent): TPaperLayout | null {
  if (['single', 'multiple', 'judge'].includes(question.type)) return null;
  const spec = question.spec ?? {};
  return {
    blank_count: spec.blanks?.length ?? 0,
    lefts: (spec.pairs ?? []).map((pair) => pair.left),
    word_limit: spec.word_limit ?? 0,
    file_answers: spec.file_answers ?? false,
    unit: spec.unit ?? '',
  };
}
