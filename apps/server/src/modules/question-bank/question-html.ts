import {
  htmlText,
  questionProblems,
  specOf,
  type TQuestionProblem,
  type TQuestionSpec,
  type TQuestionType,
} from '@app/contracts';
import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../platform/errors.ts';
import { FILES_URL_PREFIX } from '../../platform/storage.ts';

/** The private folder of the file store holding question images (`question-images/<organisation>/<uuid>.<ext>`). */
export const QUESTION_IMAGE_FOLDER = 'question-images';
/** Where question images are served, to signed-in members of the owning organisation only. */
export const QUESTION_IMAGE_URL_PREFIX = `/api/file/${QUESTION_IMAGE_FOLDER}/`;
/** Where they were public before (migration 0014 rewrote stored questions; saved or imported HTML is rewritten). */
const PUBLIC_IMAGE_PREFIX = `${FILES_URL_PREFIX}${QUESTION_IMAGE_FOLDER}/`;

/** Images from the web (http, https) or uploaded through `/dataset-data/image-upload`; nothing else. */
function imageSourceAllowed(src: string | undefined): boolean {
  if (!src) return false;
  if (/^https?:\/\/[^\s]+$/i.test(src)) return true;
  return src.startsWith(QUESTION_IMAGE_URL_PREFIX) && !src.includes('..') && !/[\s\\]/.test(src);
}

/** An uploaded image's address from before images became private, moved to where it is served now. */
const currentImageSource = (src: string) =>
  src.startsWith(PUBLIC_IMAGE_PREFIX) ? QUESTION_IMAGE_URL_PREFIX + src.slice(PUBLIC_IMAGE_PREFIX.length) : src;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'code',
    'pre',
    'span',
    'img',
    'a',
  ],
  allowedAttributes: { img: ['src', 'alt', 'width', 'height'], a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: attribs.href ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer' } : {},
    }),
    img: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: attribs.src ? { ...attribs, src: currentImageSource(attribs.src) } : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !imageSourceAllowed(frame.attribs.src),
};

/** Question HTML (stem, option, analysis) with only the allowed markup left: no scripts, handlers or styles. */
export function sanitiseQuestionHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

export interface QuestionContentInput {
  type: TQuestionType;
  stem: string;
  options: readonly { content: string; correct: boolean }[];
  spec?: TQuestionSpec | null;
  analysis: string;
}

export interface PreparedContent {
  stem: string;
  stemText: string;
  options: { content: string; correct: boolean }[];
  /** The type's fields of the key, HTML sanitised; null for choices. */
  spec: TQuestionSpec | null;
  analysis: string;
}

/** The key as stored: only its type's fields, the HTML of matching and ordering items sanitised. */
function prepareSpec(type: TQuestionType, raw: TQuestionSpec | null | undefined): TQuestionSpec | null {
  const spec = specOf(type, raw);
  if (!spec) return null;
  if (spec.pairs) {
    spec.pairs = spec.pairs.map((pair) => ({
      left: sanitiseQuestionHtml(pair.left),
      right: sanitiseQuestionHtml(pair.right),
    }));
  }
  if (spec.distractors) spec.distractors = spec.distractors.map(sanitiseQuestionHtml);
  if (spec.items) spec.items = spec.items.map(sanitiseQuestionHtml);
  return spec;
}

/**
 * Sanitises a question's HTML and checks the question rules on what is left (so markup that only carried a
 * script counts as empty). The first broken rule is the error; `details.problems` lists all of them.
 */
export function prepareQuestionContent(input: QuestionContentInput): PreparedContent {
  const stem = sanitiseQuestionHtml(input.stem);
  const options = input.options.map((option) => ({
    content: sanitiseQuestionHtml(option.content),
    correct: option.correct,
  }));
  const spec = prepareSpec(input.type, input.spec);
  const problems: TQuestionProblem[] = questionProblems({ type: input.type, stem, options, spec });
  const first = problems[0];
  if (first) {
    const params = first.index === undefined ? {} : { index: first.index + 1 };
    throw new AppError(first.code, params, { problems });
  }
  return { stem, stemText: htmlText(stem), options, spec, analysis: sanitiseQuestionHtml(input.analysis) };
}
