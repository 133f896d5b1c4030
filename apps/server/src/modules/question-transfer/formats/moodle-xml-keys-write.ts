import { ANSWER_FILE_EXTENSIONS, ANSWER_LIMITS } from '@app/contracts';
import { escapeWildcards, keyOf, splitAtBlanks, writeNumber } from './answer-keys.ts';
import { cdata, escapeXml } from './moodle-xml-nodes.ts';
import { escapeHtml, htmlToCell } from './text.ts';
import type { TransferQuestion } from './types.ts';

/**
 * The questions whose key is `spec` as Moodle XML writes them (read back by `moodle-xml-keys.ts`): short answer
 * `shortanswer`, numerical `numerical`, matching `matching`, essay `essay`, ordering `ordering` (qtype_ordering,
 * graded relative to the next item as the bank grades it) and fill-in-the-blank `cloze` with a SHORTANSWER
 * (`SHORTANSWER_C` when case-sensitive) in place of each `____`.
 */
export interface MoodleKeyXml {
  /** The `type` attribute. */
  type: string;
  /** The question text when it is not the stem: the cloze text. */
  questionText?: string;
  /** The type's elements, after the common ones. */
  lines: string[];
}

const IN = '    ';

/** An accepted answer inside a cloze text: HTML, wildcards and the embedded syntax's `} # ~` escaped. */
const embeddedAnswer = (accepted: string) =>
  `=${escapeHtml(escapeWildcards(accepted).replace(/[}#~]/g, (c) => `\\${c}`))}`;

/** A fill-in-the-blank as cloze, null unless the stem's `____` marks are its blanks, each with an answer. */
function writeCloze(question: TransferQuestion, blanks: { accepted: string[] }[], caseSensitive: boolean) {
  const parts = splitAtBlanks(question.stem);
  if (blanks.length === 0 || parts.length !== blanks.length + 1) return null;
  if (blanks.some((blank) => blank.accepted.length === 0)) return null;
  const kind = caseSensitive ? 'SHORTANSWER_C' : 'SHORTANSWER';
  const embedded = blanks.map((blank) => `{1:${kind}:${blank.accepted.map(embeddedAnswer).join('~')}}`);
  return { type: 'cloze', questionText: parts.map((part, i) => `${part}${embedded[i] ?? ''}`).join(''), lines: [] };
}

/**
 * A key type's XML, null when Moodle XML cannot carry the question: a short answer marked by hand without
 * accepted answers, a numerical question without a value, a fill-in-the-blank whose stem does not mark its blanks.
 * Lost on the way: the rubric, `ignore_spaces`, short answers' marking by hand.
 */
export function writeMoodleKey(question: TransferQuestion): MoodleKeyXml | null {
  const spec = keyOf(question.type, question.spec ?? {});
  switch (question.type) {
    case 'blank':
      return writeCloze(question, spec.blanks ?? [], spec.case_sensitive === true);
    case 'short': {
      const accepted = spec.accepted ?? [];
      if (accepted.length === 0) return null;
      const answers = accepted.map(
        (answer) =>
          `${IN}<answer fraction="100" format="moodle_auto_format"><text>${escapeXml(escapeWildcards(answer))}</text></answer>`,
      );
      return { type: 'shortanswer', lines: [`${IN}<usecase>${spec.case_sensitive ? 1 : 0}</usecase>`, ...answers] };
    }
    case 'numerical': {
      const value = spec.value ?? Number.NaN;
      if (!Number.isFinite(value)) return null;
      const unit = spec.unit ?? '';
      const tolerance = writeNumber(spec.tolerance ?? 0);
      const lines = [
        `${IN}<answer fraction="100" format="moodle_auto_format"><text>${writeNumber(value)}</text><tolerance>${tolerance}</tolerance></answer>`,
      ];
      if (unit) {
        lines.push(
          `${IN}<units><unit><multiplier>1</multiplier><unit_name>${escapeXml(unit)}</unit_name></unit></units>`,
        );
      }
      lines.push(
        `${IN}<unitgradingtype>0</unitgradingtype>`,
        `${IN}<unitpenalty>0.1</unitpenalty>`,
        `${IN}<showunits>${unit ? 0 : 3}</showunits>`,
        `${IN}<unitsleft>0</unitsleft>`,
      );
      return { type: 'numerical', lines };
    }
    case 'matching': {
      const sub = (left: string, right: string) =>
        `${IN}<subquestion format="html"><text>${left ? cdata(left) : ''}</text>` +
        `<answer><text>${cdata(htmlToCell(right))}</text></answer></subquestion>`;
      const pairs = (spec.pairs ?? []).map((pair) => sub(pair.left, pair.right));
      const distractors = (spec.distractors ?? []).map((item) => sub('', item));
      return { type: 'matching', lines: [`${IN}<shuffleanswers>true</shuffleanswers>`, ...pairs, ...distractors] };
    }
    case 'essay': {
      const files = spec.file_answers === true;
      return {
        type: 'essay',
        lines: [
          `${IN}<responseformat>editor</responseformat>`,
          `${IN}<responserequired>${files ? 0 : 1}</responserequired>`,
          `${IN}<responsefieldlines>15</responsefieldlines>`,
          `${IN}<minwordlimit></minwordlimit>`,
          `${IN}<maxwordlimit>${spec.word_limit || ''}</maxwordlimit>`,
          `${IN}<attachments>${files ? ANSWER_LIMITS.files : 0}</attachments>`,
          `${IN}<attachmentsrequired>0</attachmentsrequired>`,
          `${IN}<maxbytes>${files ? ANSWER_LIMITS.fileBytes : 0}</maxbytes>`,
          `${IN}<filetypeslist>${files ? ANSWER_FILE_EXTENSIONS.map((e) => `.${e}`).join(',') : ''}</filetypeslist>`,
          `${IN}<graderinfo format="html"><text></text></graderinfo>`,
          `${IN}<responsetemplate format="html"><text></text></responsetemplate>`,
        ],
      };
    }
    case 'ordering': {
      const items = spec.items ?? [];
      return {
        type: 'ordering',
        lines: [
          `${IN}<layouttype>VERTICAL</layouttype>`,
          `${IN}<selecttype>ALL</selecttype>`,
          `${IN}<selectcount>${items.length}</selectcount>`,
          `${IN}<gradingtype>RELATIVE_NEXT_EXCLUDE_LAST</gradingtype>`,
          `${IN}<showgrading>SHOW</showgrading>`,
          `${IN}<numberingstyle>none</numberingstyle>`,
          ...items.map(
            (item, i) => `${IN}<answer fraction="${i + 1}" format="html"><text>${cdata(item)}</text></answer>`,
          ),
        ],
      };
    }
    default:
      return null;
  }
}
