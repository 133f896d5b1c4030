import type { TDifficulty, TQuestionSpec, TQuestionType } from '@app/contracts';

/**
 * A question as the file formats carry it: stem, options and analysis are HTML (plain text from a file is
 * escaped into HTML). Choices keep their key in `options`; the other types in `spec` (`TQuestionSpec`, read with
 * its type's fields and defaults, `specOf`) with no options. Difficulty, source and setter are absent where the
 * format cannot carry them.
 */
export interface TransferQuestion {
  type: TQuestionType;
  stem: string;
  options: { content: string; correct: boolean }[];
  /** The key of the types that are not choices; absent or null for choices. */
  spec?: TQuestionSpec | null;
  analysis: string;
  difficulty?: TDifficulty;
  source?: string;
  setter?: string;
}

/** Why a row or block of a file could not be read as a question (translated as `question-transfer:row_<code>`). */
export type RowErrorCode =
  | 'type_unknown'
  | 'type_unsupported'
  | 'stem_missing'
  | 'options_missing'
  | 'answer_missing'
  | 'answer_wrong'
  | 'difficulty_unknown'
  | 'syntax';

export interface RowError {
  code: RowErrorCode;
  /** What was found (the cell, the type name, the answer letter), for the message. */
  value?: string;
  /** A short description in English, for logs and tests; people see the translated message. */
  message: string;
}

/** One question of a file: where it starts (line, sheet row or question number), and the question or the error. */
export interface ParsedRow {
  row: number;
  question?: TransferQuestion;
  error?: RowError;
}

export interface ParseResult {
  rows: ParsedRow[];
}

/**
 * The questions the table and Aiken carry: the choices. Their columns and lines cannot express the other types'
 * keys, which are skipped with `type_not_supported` (GIFT and Moodle XML carry them).
 */
export const carriedByFormats = (question: { type: string }) =>
  question.type === 'single' || question.type === 'multiple' || question.type === 'judge';

/** A written file, and the questions (0-based positions in the input) the format could not carry. */
export interface WriteResult<T extends string | Buffer = string> {
  content: T;
  skipped: { index: number; reason: 'multiple_not_supported' | 'type_not_supported' }[];
}

/** The texts of a true/false question's two options (first true, then false), in the caller's language. */
export type JudgeLabels = readonly [string, string];
export const DEFAULT_JUDGE_LABELS: JudgeLabels = ['正确', '错误'];

/** A file that cannot be read at all in the format (not one bad question): the import answers question_file_wrong. */
export class FormatFileError extends Error {
  constructor(
    /** Why, as a key of the `question-transfer` namespace (`file_<reason>`). */
    readonly reason: 'not_xml' | 'not_quiz' | 'doctype' | 'columns' | 'empty' | 'encoding',
    /** The parser's own words (the XML error, the missing columns), shown after the reason. */
    readonly detail = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
}
