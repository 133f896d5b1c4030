import { specProblems, type TQuestionSpec } from './question-answers.ts';

/**
 * The question rules, shared by the server (every save and import row)
 * and the web editor (shown while typing). Stems and options are HTML; "empty" means no text and no image.
 */
export const QUESTION_TYPES = [
  'single',
  'multiple',
  'judge',
  'blank',
  'short',
  'essay',
  'matching',
  'ordering',
  'numerical',
] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];
/** The types answered by choosing options (`options` with correct flags); the others keep their key in `spec`. */
export const CHOICE_TYPES = ['single', 'multiple', 'judge'] as const;
export type TChoiceType = (typeof CHOICE_TYPES)[number];
export const isChoiceType = (type: TQuestionType): type is TChoiceType =>
  (CHOICE_TYPES as readonly string[]).includes(type);
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type TDifficulty = (typeof DIFFICULTIES)[number];
export const REVIEW_STATUSES = ['unreviewed', 'passed', 'failed'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];

export const QUESTION_LIMITS = {
  stem: 20_000,
  option: 5_000,
  /** Labels A-F. */
  options: 6,
  analysis: 20_000,
  source: 100,
  setter: 50,
  reason: 200,
  categoryName: 50,
  description: 200,
  labels: 20,
  nodes: 50,
} as const;

export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

export const QUESTION_PROBLEM_CODES = [
  'question_stem_required',
  'question_option_required',
  'question_option_content_required',
  'question_correct_required',
  'question_single_one_correct',
  'question_multiple_two_options',
  'question_multiple_all_of_above',
  'question_too_many_options',
  'question_judge_two_options',
  'question_options_not_allowed',
  'question_blank_required',
  'question_accepted_required',
  'question_pairs_required',
  'question_items_required',
  'question_numerical_invalid',
  'question_rubric_invalid',
] as const;
export type TQuestionProblemCode = (typeof QUESTION_PROBLEM_CODES)[number];

export interface TQuestionProblem {
  code: TQuestionProblemCode;
  /** The 0-based option the problem is about, where it is about one. */
  index?: number;
}

export interface TQuestionShape {
  type: TQuestionType;
  stem: string;
  options: readonly { content: string; correct: boolean }[];
  /** The key of the types that are not choices (`question-answers.ts`); ignored for choices. */
  spec?: TQuestionSpec | null;
}

/** Text of an HTML fragment: tags dropped, the common entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when an HTML fragment shows something: text or an image. */
export function htmlHasContent(html: string): boolean {
  return htmlText(html) !== '' || /<img\s[^>]*src=/i.test(html);
}

/** "All of the above" in the languages of the interface (a multiple-choice question may not offer it). */
const ALL_OF_THE_ABOVE =
  /^(all of the above|all the above|以上(选项|答案|说法)?(都|全|均|皆)(对|正确|是|选)|以上全部|以上皆是|以上都是)[。.!！]?$/i;

export function isAllOfTheAbove(optionHtml: string): boolean {
  return ALL_OF_THE_ABOVE.test(htmlText(optionHtml));
}

/** Every broken rule, in the order the spec lists them (the server answers the first). */
export function questionProblems(question: TQuestionShape): TQuestionProblem[] {
  const problems: TQuestionProblem[] = [];
  const { type, options } = question;
  if (!htmlHasContent(question.stem)) problems.push({ code: 'question_stem_required' });
  if (!isChoiceType(type)) {
    if (options.length > 0) problems.push({ code: 'question_options_not_allowed' });
    return [...problems, ...specProblems(type, question.spec ?? {})];
  }
  if (options.length === 0) problems.push({ code: 'question_option_required' });
  options.forEach((option, index) => {
    if (!htmlHasContent(option.content)) problems.push({ code: 'question_option_content_required', index });
  });
  if (options.length > QUESTION_LIMITS.options) problems.push({ code: 'question_too_many_options' });
  const correct = options.filter((option) => option.correct).length;
  if (options.length > 0 && correct === 0) problems.push({ code: 'question_correct_required' });
  if (type === 'single' && correct > 1) problems.push({ code: 'question_single_one_correct' });
  if (type === 'multiple') {
    if (options.length < 2) problems.push({ code: 'question_multiple_two_options' });
    options.forEach((option, index) => {
      if (isAllOfTheAbove(option.content)) problems.push({ code: 'question_multiple_all_of_above', index });
    });
  }
  if (type === 'judge' && (options.length !== 2 || correct > 1)) problems.push({ code: 'question_judge_two_options' });
  return problems;
}
