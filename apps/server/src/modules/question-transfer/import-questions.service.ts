import {
  extensionOf,
  QUESTION_IMPORT_EXTENSIONS,
  QUESTION_TRANSFER_LIMITS,
  type TQuestionImportFormat,
  type TQuestionImportReport,
  type TQuestionImportRow,
} from '@app/contracts';
import { type Lang, translate } from '@app/i18n';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';
import { createImportedQuestions } from './create-imported-questions.service.ts';
import { parseAiken } from './formats/aiken.ts';
import { parseGift } from './formats/gift.ts';
import { parseMoodleXml } from './formats/moodle-xml.ts';
import { parseTable } from './formats/table.ts';
import { FormatFileError, type JudgeLabels, type ParseResult } from './formats/types.ts';
import { requirePassedCategory } from './question-transfer.queries.ts';
import { readOneFile } from './read-upload.ts';

/** The true/false option texts in the caller's language. */
export const judgeLabels = (lang: Lang): JudgeLabels => [
  translate(lang, 'question-transfer.judge_true'),
  translate(lang, 'question-transfer.judge_false'),
];

/** `question_file_wrong` with the format's name and the reason, both in the caller's language. */
function fileWrong(lang: Lang, format: TQuestionImportFormat, reason: string, detail = ''): AppError {
  const text = translate(lang, `question-transfer.file_${reason}`);
  return new AppError(
    'question_file_wrong',
    { format: translate(lang, `question-transfer.format_${format}`), reason: detail ? `${text} (${detail})` : text },
    { format, reason },
  );
}

/** Reasons of readSheet's import_file_wrong, as this import names them. */
const SHEET_REASONS: Record<string, string> = {
  xls: 'xls',
  type: 'type',
  unreadable: 'unreadable',
  empty: 'empty',
  too_many_rows: 'too_many',
  not_base64: 'unreadable',
};

async function parseFile(lang: Lang, format: TQuestionImportFormat, name: string, bytes: Buffer): Promise<ParseResult> {
  const labels = judgeLabels(lang);
  try {
    if (format === 'table') return await parseTable(name, bytes, QUESTION_TRANSFER_LIMITS.importRows, labels);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new FormatFileError('encoding');
    }
    if (format === 'aiken') return parseAiken(text);
    if (format === 'gift') return parseGift(text, labels);
    return parseMoodleXml(text, labels);
  } catch (error) {
    if (error instanceof FormatFileError) throw fileWrong(lang, format, error.reason, error.detail);
    if (error instanceof AppError && error.code === 'import_file_wrong') {
      const reason = (error.details as { reason?: string } | undefined)?.reason ?? 'unreadable';
      throw fileWrong(lang, format, SHEET_REASONS[reason] ?? 'unreadable');
    }
    throw error;
  }
}

/**
 * `/dataset-data/import`: one file in a passed category. The format is the one chosen or the file name's; a file
 * that cannot be read at all is question_file_wrong. Each question is checked on its own and the good ones are
 * created together (unreviewed, history action `import`) whatever the others hold; each row comes back with its
 * result.
 */
export async function importQuestions(
  ctx: TenantContext,
  input: { category_id: number; format?: TQuestionImportFormat | undefined },
  files: IncomingFiles,
): Promise<TQuestionImportReport> {
  const { siteId, userId } = ctx.session;
  await requirePassedCategory(ctx.db, siteId, input.category_id);
  const { name, bytes } = await readOneFile(files);
  const format = input.format ?? QUESTION_IMPORT_EXTENSIONS[extensionOf(name)];
  if (!format) throw fileWrong(ctx.lang, 'table', 'type');
  if (bytes.length === 0) throw fileWrong(ctx.lang, format, 'empty');
  const { rows } = await parseFile(ctx.lang, format, name, bytes);
  if (rows.length === 0) throw fileWrong(ctx.lang, format, 'empty');
  if (rows.length > QUESTION_TRANSFER_LIMITS.importRows) throw fileWrong(ctx.lang, format, 'too_many');

  const good = rows.flatMap((r) => (r.question ? [{ row: r.row, question: r.question }] : []));
  const createdRows = await createImportedQuestions(ctx, input.category_id, good);
  let next = 0;
  const report: TQuestionImportRow[] = rows.map((parsed) => {
    if (parsed.question) return createdRows[next++]!;
    const error = parsed.error ?? { code: 'syntax' as const, message: '' };
    const message = translate(ctx.lang, `question-transfer.row_${error.code}`, { value: error.value ?? '' });
    return { row: parsed.row, ok: false, error: error.code, message };
  });
  const created = report.flatMap((r) => (r.question_id === undefined ? [] : [r.question_id]));
  await recordAudit(ctx.db, {
    siteId,
    userId,
    action: 'question_import',
    targetType: 'question_category',
    targetId: input.category_id,
    details: { file_name: name, format, created: created.length, failed: report.length - created.length },
    ip: ctx.ip,
  });
  return {
    format,
    total: report.length,
    succeeded: created.length,
    failed: report.length - created.length,
    rows: report,
  };
}
