import type { TAnswerResponse, TQuestionSpec, TQuestionType } from '@app/contracts';
import { specOf } from '@app/contracts/question-answers.ts';
import { htmlText } from './practice-html.tsx';

/**
 * One-line texts of an answer to a question that is not a choice and of its key, for the result table (the answering
 * page shows them whole, with the exam's review). Items are shown as text, cut at ITEM characters.
 */
const ITEM = 40;
const item = (html: string | undefined) => (html === undefined ? '—' : htmlText(html, ITEM) || '—');

/** The right-hand item of a matching key: the pairs' right sides, then the distractors. */
function rightItem(spec: TQuestionSpec, key: number): string | undefined {
  const pairs = spec.pairs ?? [];
  return key < pairs.length ? pairs[key]?.right : spec.distractors?.[key - pairs.length];
}

/** My answer as one line: blanks in order, a text, left → chosen item pairs, the items in my order. */
export function responseText(
  type: TQuestionType,
  response: TAnswerResponse | null,
  rawSpec: TQuestionSpec | null,
): string {
  if (!response) return '-';
  const spec = specOf(type, rawSpec) ?? {};
  switch (type) {
    case 'blank':
      return (response.texts ?? []).map((text) => text.trim() || '—').join(' / ');
    case 'matching':
      return (response.order ?? [])
        .map((key, i) => `${item(spec.pairs?.[i]?.left)} → ${key >= 0 ? item(rightItem(spec, key)) : '—'}`)
        .join('; ');
    case 'ordering':
      return (response.order ?? []).map((key) => item(spec.items?.[key])).join(' → ');
    default:
      return response.text?.trim() || '-';
  }
}

/** The key as one line: each blank's accepted answers, accepted answers, value ± tolerance, pairs, the right order. */
export function keyText(type: TQuestionType, rawSpec: TQuestionSpec | null): string {
  if (!rawSpec) return '-';
  const spec = specOf(type, rawSpec) ?? {};
  switch (type) {
    case 'blank':
      return (spec.blanks ?? []).map((blank, i) => `${i + 1}. ${blank.accepted.join(' | ')}`).join('; ');
    case 'short':
      return (spec.accepted ?? []).join(' | ');
    case 'numerical': {
      const tolerance = spec.tolerance ? ` ± ${spec.tolerance}` : '';
      return `${spec.value}${tolerance}${spec.unit ? ` ${spec.unit}` : ''}`;
    }
    case 'matching':
      return (spec.pairs ?? []).map((pair) => `${item(pair.left)} → ${item(pair.right)}`).join('; ');
    case 'ordering':
      return (spec.items ?? []).map((html) => item(html)).join(' → ');
    default:
      return '-';
  }
}

/** A share of full marks as a whole percentage ("67%"). */
export const shareText = (share: number) => `${Math.round(share * 100)}%`;
