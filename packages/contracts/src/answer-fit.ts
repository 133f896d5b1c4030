// Whether an answer fits its question: practice and interactive answering check it before grading (an exam keeps
// whatever a candidate saves and grades it as it stands).
import { placeableCount, responseGiven, specOf, type TAnswerResponse, type TQuestionSpec } from './question-answers.ts';
import { isChoiceType, type TQuestionType } from './question-rules.ts';

/** What a learner sends: `chosen` for choices, `response` for the other types. */
export interface AnswerInput {
  chosen?: number[] | undefined;
  response?: TAnswerResponse | null | undefined;
}

/** The one field of `response` each type answers with. */
const RESPONSE_FIELD = { blank: 'texts', short: 'text', numerical: 'text', matching: 'order', ordering: 'order' };

/**
 * Why an answer does not fit its question, or null. Choices take `chosen` and no response; the other types their own
 * field of `response` and nothing else, holding something: a text per blank; matching one key (or -1) per left item,
 * each among its items; ordering every item's key once.
 */
export function answerMisfit(
  question: { type: TQuestionType; spec: TQuestionSpec | null },
  input: AnswerInput,
): string | null {
  if (isChoiceType(question.type)) {
    if (input.response !== undefined) return 'response_for_choice';
    return input.chosen === undefined ? 'chosen_required' : null;
  }
  if (input.chosen !== undefined) return 'chosen_for_choices_only';
  const response = input.response;
  if (!response) return 'response_required';
  const field = RESPONSE_FIELD[question.type as keyof typeof RESPONSE_FIELD];
  const given = Object.entries(response).filter(([, value]) => value !== undefined);
  if (given.some(([name]) => name !== field)) return 'fields_of_another_type';
  if (!responseGiven(response)) return 'empty';
  const spec = specOf(question.type, question.spec) ?? {};
  const order = response.order ?? [];
  if (question.type === 'blank' && response.texts?.length !== (spec.blanks ?? []).length) return 'blank_count';
  if (question.type === 'matching') {
    const keys = placeableCount(question.type, spec);
    if (order.length !== (spec.pairs ?? []).length || order.some((key) => key >= keys)) return 'matching_keys';
  }
  if (question.type === 'ordering') {
    const n = (spec.items ?? []).length;
    if (order.length !== n || new Set(order).size !== n || order.some((key) => key < 0 || key >= n)) {
      return 'ordering_keys';
    }
  }
  return null;
}
