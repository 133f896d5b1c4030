import { htmlHasContent, htmlText, type TQuestionSpec, type TQuestionType } from '@app/contracts';
import { acceptedAnswer, BLANK, keyOf, readNumber } from './answer-keys.ts';
import { answersOf, asNode, asText, formatted, fractionOf, type Node } from './moodle-xml-nodes.ts';
import { cellToHtml } from './text.ts';
import type { RowError, TransferQuestion } from './types.ts';

/**
 * Moodle XML questions whose key is `spec`, read as Moodle reads them (docs/question-transfer.md): `shortanswer`,
 * `numerical`, `matching`, `essay`, `ordering` (the qtype_ordering plugin) and `cloze` (`multianswer`) when every
 * embedded question is a SHORTANSWER (a fill-in-the-blank). Writing them: `moodle-xml-keys-write.ts`.
 */
type Read = { question?: TransferQuestion; error?: RowError };

/** What every question has: the stem, the analysis and the tags' difficulty, source and setter. */
export interface MoodleHead {
  stem: string;
  analysis: string;
  extra: Pick<TransferQuestion, 'difficulty' | 'source' | 'setter'>;
}

const keyed = (head: MoodleHead, type: TQuestionType, spec: TQuestionSpec, change: Partial<MoodleHead> = {}): Read => ({
  question: {
    type,
    stem: change.stem ?? head.stem,
    options: [],
    analysis: change.analysis ?? head.analysis,
    spec: keyOf(type, spec),
    ...head.extra,
  },
});

const syntax = (value: string, message: string): Read => ({
  error: { code: 'syntax', value: value.trim().slice(0, 50), message },
});

const isTrue = (value: unknown) => ['1', 'true'].includes(asText(value).trim().toLowerCase());

/** An answer's text: `<text>` (or, in old files, the answer itself). */
const answerText = (answer: Node) => (asText(answer.text) || asText(answer)).trim();

/** `shortanswer`: the answers worth 100% are accepted (wildcard answers left out); `usecase` is case_sensitive. */
function readShortAnswer(q: Node, head: MoodleHead): Read {
  const accepted = answersOf(q).flatMap((answer) => {
    const text = fractionOf(answer) >= 100 ? acceptedAnswer(answerText(answer)) : null;
    return text === null ? [] : [text];
  });
  return keyed(head, 'short', { accepted, case_sensitive: isTrue(q.usecase) });
}

/** `numerical`: the first answer worth 100% and its tolerance; the unit whose multiplier is 1. */
function readNumerical(q: Node, head: MoodleHead): Read {
  const right = answersOf(q).find((answer) => fractionOf(answer) >= 100 && answerText(answer) !== '*');
  if (!right) return { error: { code: 'answer_missing', message: 'no answer worth 100%' } };
  const value = readNumber(answerText(right));
  if (value === null) return syntax(answerText(right), 'not a number');
  const margin = asText(right.tolerance).trim();
  const tolerance = margin === '' ? 0 : readNumber(margin);
  if (tolerance === null) return syntax(margin, 'tolerance not a number');
  const units = (asNode(q.units).unit as Node[] | undefined) ?? [];
  const base = units.find((unit) => Number(asText(unit.multiplier).trim() || 1) === 1);
  const unit = base ? asText(base.unit_name).trim() : '';
  return keyed(head, 'numerical', { value, tolerance: Math.abs(tolerance), unit });
}

/** `matching`: each subquestion a pair; one with an empty text offers its answer as a distractor. */
function readMatching(q: Node, head: MoodleHead): Read {
  const pairs: { left: string; right: string }[] = [];
  const distractors: string[] = [];
  for (const sub of (q.subquestion as Node[] | undefined) ?? []) {
    const right = cellToHtml(asText(asNode(asNode(sub).answer).text).trim());
    // As Moodle: an empty text (not one whose image was dropped) makes a distractor.
    if (asText(asNode(sub).text).trim() !== '') pairs.push({ left: formatted(sub), right });
    else if (htmlHasContent(right)) distractors.push(right);
  }
  return keyed(head, 'matching', { pairs, distractors });
}

/**
 * `essay`: files when `attachments` is not 0 (-1 is any number) or the response is files only (`noinline`), the
 * word limit from `maxwordlimit`, the information for graders as the analysis when there is none.
 */
function readEssay(q: Node, head: MoodleHead): Read {
  const attachments = Number(asText(q.attachments).trim() || 0);
  const files = (Number.isFinite(attachments) && attachments !== 0) || asText(q.responseformat).trim() === 'noinline';
  const limit = Number(asText(q.maxwordlimit).trim() || 0);
  const word_limit = Number.isInteger(limit) && limit > 0 ? limit : 0;
  const analysis = htmlHasContent(head.analysis) ? head.analysis : formatted(q.graderinfo);
  return keyed(head, 'essay', { word_limit, file_answers: files }, { analysis });
}

/** `ordering` (qtype_ordering): the answers in the file's order are the items in the right order. */
function readOrdering(q: Node, head: MoodleHead): Read {
  // Empty answers are left out as Moodle does; one whose only image was dropped stays (and breaks a rule).
  const items = answersOf(q)
    .filter((answer) => answerText(answer) !== '')
    .map((answer) => formatted(answer));
  return keyed(head, 'ordering', { items });
}

/** `{1:SHORTANSWER:=Paris~%100%paris#feedback~%50%Lyon}` (also `SA`, `MW`, `_C` for case-sensitive). */
const EMBEDDED = /\{(\d*):([A-Za-z_]+):((?:\\.|[^\\}])*)\}/g;
const SHORT_KINDS = new Set(['SHORTANSWER', 'SA', 'MW']);
const SHORT_CASE_KINDS = new Set(['SHORTANSWER_C', 'SAC', 'MWC']);

/** Index of `char` not escaped with `\` (a `#` after `&` belongs to an entity); -1 when absent. */
function findEmbedded(text: string, char: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === char && !(char === '#' && text[i - 1] === '&')) return i;
  }
  return -1;
}

/** The alternatives worth 100% of an embedded short answer, as text. */
function embeddedAccepted(alternatives: string): string[] {
  const accepted: string[] = [];
  let start = 0;
  while (start <= alternatives.length) {
    const tilde = findEmbedded(alternatives, '~', start);
    const end = tilde < 0 ? alternatives.length : tilde;
    let raw = alternatives.slice(start, end).trim();
    start = end + 1;
    const feedback = findEmbedded(raw, '#');
    if (feedback >= 0) raw = raw.slice(0, feedback);
    let full = false;
    const weight = /^%(-?\d+(?:[.,]\d*)?)%/.exec(raw);
    if (raw.startsWith('=')) {
      full = true;
      raw = raw.slice(1);
    } else if (weight) {
      full = Number(weight[1]!.replace(',', '.')) >= 100;
      raw = raw.slice(weight[0].length);
    }
    const text = full ? acceptedAnswer(htmlText(raw.replace(/\\([}#~/"])/g, '$1'))) : null;
    if (text !== null) accepted.push(text);
  }
  return accepted;
}

/** `cloze`: a blank for each embedded short answer, `____` in its place; any other embedded type is refused. */
function readCloze(head: MoodleHead): Read {
  const blanks: { accepted: string[] }[] = [];
  let caseSensitive = true;
  for (const match of head.stem.matchAll(EMBEDDED)) {
    const kind = match[2]!.toUpperCase();
    if (!SHORT_KINDS.has(kind) && !SHORT_CASE_KINDS.has(kind)) {
      return { error: { code: 'type_unsupported', value: `cloze ${kind}`, message: `cloze with ${kind}` } };
    }
    if (!SHORT_CASE_KINDS.has(kind)) caseSensitive = false;
    blanks.push({ accepted: embeddedAccepted(match[3]!) });
  }
  if (blanks.length === 0) return { error: { code: 'answer_missing', message: 'cloze without embedded answers' } };
  const stem = head.stem.replace(EMBEDDED, BLANK);
  return keyed(head, 'blank', { blanks, case_sensitive: caseSensitive }, { stem });
}

/** The question when its type is one of these; null for other types. */
export function readMoodleKey(type: string, q: Node, head: MoodleHead): Read | null {
  switch (type) {
    case 'shortanswer':
      return readShortAnswer(q, head);
    case 'numerical':
      return readNumerical(q, head);
    case 'matching':
    case 'match':
      return readMatching(q, head);
    case 'essay':
      return readEssay(q, head);
    case 'ordering':
      return readOrdering(q, head);
    case 'cloze':
    case 'multianswer':
      return readCloze(head);
    default:
      return null;
  }
}
