import { z } from 'zod';
import { htmlHasContent, type TQuestionProblem, type TQuestionType } from './question-rules.ts';

/**
 * The question types that are not choices (docs/question-types.md): their key (`spec`), the learner's answer
 * (`response`) and how an answer is graded. Shared by the server (saves, grading) and the web (editor, answering).
 * Nothing here is read at module load from `question-rules.ts` (the two import each other).
 */
export const ANSWER_LIMITS = {
  blanks: 20,
  accepted: 20,
  acceptedLength: 200,
  criteria: 10,
  criterion: 200,
  pairs: 10,
  distractors: 5,
  items: 10,
  itemHtml: 2_000,
  unit: 20,
  /** The longest text a learner may answer (essay). */
  text: 50_000,
  files: 5,
  fileBytes: 20 * 1024 * 1024,
} as const;

/** The files an essay may be answered with, by extension: images, pdf, docx. */
export const ANSWER_FILE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'docx'] as const;
/** Where answer files are served: `<prefix><organisation>/<key>`; the key is `<attempt>/<uuid>.<extension>`. */
export const ANSWER_FILE_URL_PREFIX = '/api/file/answer-files/';
export const ANSWER_FILE_KEY =
  /^\d{1,15}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp|pdf|docx)$/;

const ZAccepted = z
  .array(z.string().trim().min(1, 'validation.required').max(ANSWER_LIMITS.acceptedLength, 'validation.too_long'))
  .max(ANSWER_LIMITS.accepted);
const ZItemHtml = z.string().max(ANSWER_LIMITS.itemHtml, 'validation.too_long');

/**
 * One object for every type; each type reads its own fields (the server keeps only those, `specOf`):
 * blank `blanks`, short `accepted` / `by_hand`, blank and short `case_sensitive` / `ignore_spaces`,
 * essay `word_limit` / `file_answers` and the `rubric` (also short by hand), matching `pairs` / `distractors`,
 * ordering `items` (in the right order), numerical `value` / `tolerance` / `unit`.
 */
export const ZQuestionSpec = z.object({
  blanks: z
    .array(z.object({ accepted: ZAccepted }))
    .max(ANSWER_LIMITS.blanks)
    .optional(),
  accepted: ZAccepted.optional(),
  by_hand: z.boolean().optional(),
  case_sensitive: z.boolean().optional(),
  ignore_spaces: z.boolean().optional(),
  rubric: z
    .array(
      z.object({
        criterion: z.string().trim().max(ANSWER_LIMITS.criterion, 'validation.too_long'),
        points: z.number().min(0).max(1000),
      }),
    )
    .max(ANSWER_LIMITS.criteria)
    .optional(),
  word_limit: z.number().int().min(0).max(100_000).optional(),
  file_answers: z.boolean().optional(),
  pairs: z
    .array(z.object({ left: ZItemHtml, right: ZItemHtml }))
    .max(ANSWER_LIMITS.pairs)
    .optional(),
  distractors: z.array(ZItemHtml).max(ANSWER_LIMITS.distractors).optional(),
  items: z.array(ZItemHtml).max(ANSWER_LIMITS.items).optional(),
  value: z.number().optional(),
  tolerance: z.number().min(0).optional(),
  unit: z.string().trim().max(ANSWER_LIMITS.unit, 'validation.too_long').optional(),
});
export type TQuestionSpec = z.infer<typeof ZQuestionSpec>;

/** A file given with an essay answer (uploaded first, `/dataset-examine/answer-file`). */
export const ZAnswerFile = z.object({
  key: z.string().regex(ANSWER_FILE_KEY, 'validation.invalid_value'),
  name: z.string().max(200),
  size: z.number().int().min(0).max(ANSWER_LIMITS.fileBytes),
  mime: z.string().max(100),
});
export type TAnswerFile = z.infer<typeof ZAnswerFile>;

/**
 * A learner's answer to a question that is not a choice: blank `texts` (one per blank), short / essay / numerical
 * `text`, essay `files`, matching `order` (for each left item, the key of the right item put beside it, -1 none),
 * ordering `order` (the items' keys in the order given).
 */
export const ZAnswerResponse = z.object({
  texts: z
    .array(z.string().max(ANSWER_LIMITS.acceptedLength * 5))
    .max(ANSWER_LIMITS.blanks)
    .optional(),
  text: z.string().max(ANSWER_LIMITS.text).optional(),
  files: z.array(ZAnswerFile).max(ANSWER_LIMITS.files).optional(),
  order: z
    .array(
      z
        .number()
        .int()
        .min(-1)
        .max(ANSWER_LIMITS.pairs + ANSWER_LIMITS.distractors),
    )
    .max(ANSWER_LIMITS.pairs + ANSWER_LIMITS.distractors)
    .optional(),
});
export type TAnswerResponse = z.infer<typeof ZAnswerResponse>;

/** The types a teacher always marks. */
export const HAND_MARKED_TYPES = ['essay'] as const;
/** The types a teacher marks when their key says so (`by_hand`); a machine grades them otherwise. */
export const BY_HAND_WHEN_ASKED_TYPES = ['short'] as const;

/** Types whose answers a teacher marks: essays always, short answers when the key says so. */
export function markedByHand(type: TQuestionType, spec: TQuestionSpec | null | undefined): boolean {
  return (
    (HAND_MARKED_TYPES as readonly string[]).includes(type) ||
    ((BY_HAND_WHEN_ASKED_TYPES as readonly string[]).includes(type) && spec?.by_hand === true)
  );
}

/**
 * A machine grades it: choices, blanks, numbers, matching, ordering and short answers not marked by hand. The one
 * rule of what may go where nobody marks (practice pools and the practice-set picker); the server's SQL twin on
 * `questions` is built from the same lists (`autoGradedCondition`, question-bank module).
 */
export const autoGraded = (type: TQuestionType, spec: TQuestionSpec | null | undefined): boolean =>
  !markedByHand(type, spec);

/** The fields of a spec its type reads, with their defaults; null for choices. */
export function specOf(type: TQuestionType, spec: TQuestionSpec | null | undefined): TQuestionSpec | null {
  const s = spec ?? {};
  const textRules = { case_sensitive: s.case_sensitive ?? false, ignore_spaces: s.ignore_spaces ?? true };
  const rubric = (s.rubric ?? []).filter((c) => c.criterion !== '' || c.points > 0);
  switch (type) {
    case 'blank':
      return { blanks: s.blanks ?? [], ...textRules };
    case 'short':
      return { accepted: s.accepted ?? [], by_hand: s.by_hand ?? false, ...textRules, rubric };
    case 'essay':
      return { rubric, word_limit: s.word_limit ?? 0, file_answers: s.file_answers ?? false };
    case 'matching':
      return { pairs: s.pairs ?? [], distractors: s.distractors ?? [] };
    case 'ordering':
      return { items: s.items ?? [] };
    case 'numerical':
      return { value: s.value ?? Number.NaN, tolerance: s.tolerance ?? 0, unit: s.unit ?? '' };
    default:
      return null;
  }
}

/** The rules of a spec, for the types that are not choices. */
export function specProblems(type: TQuestionType, raw: TQuestionSpec): TQuestionProblem[] {
  const spec = specOf(type, raw) ?? {};
  const problems: TQuestionProblem[] = [];
  const rubricBroken = (spec.rubric ?? []).some((c) => c.criterion === '' || c.points <= 0);
  if (type === 'blank') {
    const blanks = spec.blanks ?? [];
    if (blanks.length === 0) problems.push({ code: 'question_blank_required' });
    blanks.forEach((blank, index) => {
      if (blank.accepted.length === 0) problems.push({ code: 'question_accepted_required', index });
    });
  }
  if (type === 'short' && !spec.by_hand && (spec.accepted ?? []).length === 0) {
    problems.push({ code: 'question_accepted_required' });
  }
  if (type === 'matching') {
    const pairs = spec.pairs ?? [];
    if (pairs.length < 2) problems.push({ code: 'question_pairs_required' });
    pairs.forEach((pair, index) => {
      if (!htmlHasContent(pair.left) || !htmlHasContent(pair.right)) {
        problems.push({ code: 'question_pairs_required', index });
      }
    });
  }
  if (type === 'ordering') {
    const items = spec.items ?? [];
    if (items.length < 2) problems.push({ code: 'question_items_required' });
    items.forEach((item, index) => {
      if (!htmlHasContent(item)) problems.push({ code: 'question_items_required', index });
    });
  }
  if (type === 'numerical' && !Number.isFinite(spec.value ?? Number.NaN)) {
    problems.push({ code: 'question_numerical_invalid' });
  }
  if (rubricBroken) problems.push({ code: 'question_rubric_invalid' });
  return problems;
}

/** How many keys a question offers to place: matching's right items (pairs then distractors), ordering's items. */
export function placeableCount(type: TQuestionType, spec: TQuestionSpec | null | undefined): number {
  if (type === 'matching') return (spec?.pairs?.length ?? 0) + (spec?.distractors?.length ?? 0);
  if (type === 'ordering') return spec?.items?.length ?? 0;
  return 0;
}

/** A text answer as compared: NFKC (full-width to half-width), spaces dropped or collapsed, case folded. */
export function normaliseAnswerText(text: string, rules: { case_sensitive?: boolean; ignore_spaces?: boolean }) {
  const folded = text.normalize('NFKC').trim();
  const spaced = rules.ignore_spaces === false ? folded.replace(/\s+/g, ' ') : folded.replace(/\s+/g, '');
  return rules.case_sensitive ? spaced : spaced.toLowerCase();
}

/** A number as a learner may type it: full-width digits, a decimal comma, the question's unit after it. */
export function parseAnswerNumber(text: string, unit = ''): number | null {
  let value = text.normalize('NFKC').trim();
  if (unit !== '' && value.toLowerCase().endsWith(unit.normalize('NFKC').toLowerCase())) {
    value = value.slice(0, value.length - unit.normalize('NFKC').length).trim();
  }
  if (!value.includes('.') && /^[+-]?\d+,\d+$/.test(value)) value = value.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value)) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** True when the response holds anything (an empty answer earns nothing and is never marked by hand). */
export function responseGiven(response: TAnswerResponse | null | undefined): boolean {
  if (!response) return false;
  return (
    (response.text ?? '').trim() !== '' ||
    (response.texts ?? []).some((t) => t.trim() !== '') ||
    (response.files ?? []).length > 0 ||
    (response.order ?? []).some((key) => key >= 0)
  );
}

/**
 * The share of the points an answer earns, 0-1, or null when a teacher marks it (an essay or a short answer by
 * hand that holds something). Blanks: blanks right / blanks. Short: 1 when it equals an accepted answer.
 * Matching: left items given their own right item / pairs. Ordering: items followed by the item that follows them
 * in the key / (items − 1), Moodle's "relative to the next item". Numerical: 1 within value ± tolerance.
 */
export function responseShare(
  type: TQuestionType,
  rawSpec: TQuestionSpec | null | undefined,
  response: TAnswerResponse | null | undefined,
): number | null {
  const spec = specOf(type, rawSpec) ?? {};
  if (!responseGiven(response)) return 0;
  const given = response ?? {};
  const same = (text: string, accepted: readonly string[]) =>
    accepted.some((a) => normaliseAnswerText(a, spec) === normaliseAnswerText(text, spec));
  switch (type) {
    case 'blank': {
      const blanks = spec.blanks ?? [];
      if (blanks.length === 0) return 0;
      const right = blanks.filter((blank, i) => same(given.texts?.[i] ?? '', blank.accepted)).length;
      return right / blanks.length;
    }
    case 'short':
      if (spec.by_hand) return null;
      return same(given.text ?? '', spec.accepted ?? []) ? 1 : 0;
    case 'essay':
      return null;
    case 'matching': {
      const pairs = spec.pairs ?? [];
      if (pairs.length === 0) return 0;
      return pairs.filter((_, i) => given.order?.[i] === i).length / pairs.length;
    }
    case 'ordering': {
      const order = given.order ?? [];
      const n = spec.items?.length ?? 0;
      if (n < 2 || order.length !== n || new Set(order).size !== n) return 0;
      let followed = 0;
      for (let i = 0; i + 1 < n; i++) if (order[i + 1] === order[i]! + 1) followed++;
      return followed / (n - 1);
    }
    case 'numerical': {
      const number = parseAnswerNumber(given.text ?? '', spec.unit);
      if (number === null || !Number.isFinite(spec.value ?? Number.NaN)) return 0;
      return Math.abs(number - spec.value!) <= (spec.tolerance ?? 0) + 1e-9 ? 1 : 0;
    }
    default:
      return 0;
  }
}
