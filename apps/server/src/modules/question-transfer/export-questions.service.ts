import {
  QUESTION_TRANSFER_LIMITS,
  type TQuestionExportFile,
  type TQuestionExportFormat,
  type TQuestionFilter,
} from '@app/contracts';
import type { Lang } from '@app/i18n';
import type { TenantContext } from '../../platform/context.ts';
import { listQuestions } from '../question-bank/index.ts';
import { writeAiken } from './formats/aiken.ts';
import { writeGift } from './formats/gift.ts';
import { writeMoodleXml } from './formats/moodle-xml.ts';
import { writeTable } from './formats/table.ts';
import type { TransferQuestion, WriteResult } from './formats/types.ts';
import { questionsForExport } from './question-transfer.queries.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Questions per page read through the list's query (its largest page). */
const PAGE = 100;

const FILES: Record<TQuestionExportFormat, { extension: string; mime: string }> = {
  xlsx: { extension: 'xlsx', mime: XLSX_MIME },
  aiken: { extension: 'txt', mime: 'text/plain; charset=utf-8' },
  gift: { extension: 'gift', mime: 'text/plain; charset=utf-8' },
  moodle_xml: { extension: 'xml', mime: 'application/xml' },
};

/** Questions in one format, as bytes. */
export async function writeQuestions(
  questions: readonly TransferQuestion[],
  format: TQuestionExportFormat,
  lang: Lang,
): Promise<WriteResult<Buffer>> {
  if (format === 'xlsx') return writeTable(questions, lang);
  const written =
    format === 'aiken' ? writeAiken(questions) : format === 'gift' ? writeGift(questions) : writeMoodleXml(questions);
  return { content: Buffer.from(written.content, 'utf8'), skipped: written.skipped };
}

type ExportInput = Omit<TQuestionFilter, 'descendants' | 'mine'> & {
  descendants: boolean;
  mine: boolean;
  keyword?: string | undefined;
  format: TQuestionExportFormat;
};

/**
 * `/dataset-data/export`: the questions the list shows for these filters (newest change first, at most
 * QUESTION_TRANSFER_LIMITS.exportRows), whole, in the chosen format. The list's own query picks them, so the
 * filters mean the same in both places.
 */
export async function exportQuestions(ctx: TenantContext, input: ExportInput): Promise<TQuestionExportFile> {
  const { format, ...filter } = input;
  const ids: number[] = [];
  for (let page = 1; ids.length < QUESTION_TRANSFER_LIMITS.exportRows; page++) {
    const { list, total } = await listQuestions(ctx, { ...filter, page, pageSize: PAGE });
    ids.push(...list.map((row) => row.id));
    if (list.length < PAGE || page * PAGE >= total) break;
  }
  const questions = await questionsForExport(
    ctx.db,
    ctx.session.siteId,
    ids.slice(0, QUESTION_TRANSFER_LIMITS.exportRows),
  );
  const written = await writeQuestions(questions, format, ctx.lang);
  const { extension, mime } = FILES[format];
  const date = new Date().toISOString().slice(0, 10);
  return {
    file_name: `questions-${date}.${extension}`,
    mime,
    content_base64: written.content.toString('base64'),
    count: questions.length - written.skipped.length,
    skipped: written.skipped.length,
  };
}
