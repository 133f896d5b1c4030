import { z } from 'zod';
import { ZFormId } from '../lists.ts';
import { lookupTable } from '../lookup-table.ts';
import { procedure } from '../procedure.ts';
import { ZFilePayload } from './members.ts';
import { ZQuestionFilter } from './question-bank.ts';

/**
 * Question import and export (`/dataset/import-category-data`, the question list's export, module 10). Files:
 * the spreadsheet template (.xlsx or .csv), Aiken (.txt), GIFT (.gift, .txt) and Moodle XML (.xml); the formats
 * and what each keeps are in docs/question-transfer.md. Imported questions start unreviewed.
 */

export const QUESTION_IMPORT_FORMATS = ['table', 'aiken', 'gift', 'moodle_xml'] as const;
export type TQuestionImportFormat = (typeof QUESTION_IMPORT_FORMATS)[number];
export const QUESTION_EXPORT_FORMATS = ['xlsx', 'aiken', 'gift', 'moodle_xml'] as const;
export type TQuestionExportFormat = (typeof QUESTION_EXPORT_FORMATS)[number];

export const QUESTION_TRANSFER_LIMITS = {
  /** Bytes of one import file. */
  importBytes: 5 * 1024 * 1024,
  /** Questions (rows) of one import file. */
  importRows: 1000,
  /** Questions of one export. */
  exportRows: 5000,
} as const;

/** File name endings the import takes, and the format each means when none is chosen. */
export const QUESTION_IMPORT_EXTENSIONS: Readonly<Record<string, TQuestionImportFormat>> = lookupTable({
  xlsx: 'table',
  csv: 'table',
  xls: 'table',
  txt: 'aiken',
  gift: 'gift',
  xml: 'moodle_xml',
});

export const ZQuestionImportRow = z.object({
  /** The sheet row, the line a question starts on (Aiken, GIFT), or the question's number (Moodle XML). */
  row: z.number().int(),
  ok: z.boolean(),
  question_id: z.number().int().optional(),
  /** Why the row was not imported: a question rule (`question_*`) or what could not be read (`type_unknown`...). */
  error: z.string().optional(),
  /** The reason in the caller's language. */
  message: z.string().optional(),
});
export type TQuestionImportRow = z.infer<typeof ZQuestionImportRow>;

export const ZQuestionImportReport = z.object({
  format: z.enum(QUESTION_IMPORT_FORMATS),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  rows: z.array(ZQuestionImportRow),
});
export type TQuestionImportReport = z.infer<typeof ZQuestionImportReport>;

export const ZQuestionExportFile = ZFilePayload.extend({
  /** Questions written to the file. */
  count: z.number().int(),
  /** Questions the format cannot carry (multiple choice in Aiken), left out. */
  skipped: z.number().int(),
});
export type TQuestionExportFile = z.infer<typeof ZQuestionExportFile>;

export const questionTransferProcedures = {
  datasetDataImportTemplate: procedure({
    path: '/dataset-data/import-template',
    summary:
      "The xlsx template of the question import: the header row in the caller's language and an example of each type.",
    input: z.object({}),
    output: ZFilePayload,
  }),
  datasetDataImport: procedure({
    path: '/dataset-data/import',
    summary:
      'Multipart: category_id (a passed category) and format (from the file name when absent), then one file ' +
      '(.xlsx, .csv, .txt, .gift, .xml; at most 5 MB, 1000 questions). Each good question is created unreviewed; ' +
      'each row comes back with its result and, when refused, the reason.',
    input: z.object({ category_id: ZFormId, format: z.enum(QUESTION_IMPORT_FORMATS).optional() }),
    output: ZQuestionImportReport,
    tenantIds: { category_id: 'question_category' },
    upload: { maxBytes: QUESTION_TRANSFER_LIMITS.importBytes, maxFiles: 1 },
  }),
  datasetDataExport: procedure({
    path: '/dataset-data/export',
    summary:
      'The questions matching the list filters (at most 5000, newest change first) as a file: xlsx (the import ' +
      'template), Aiken, GIFT or Moodle XML (base64).',
    input: ZQuestionFilter.extend({
      keyword: z.string().max(100).optional(),
      format: z.enum(QUESTION_EXPORT_FORMATS),
    }),
    output: ZQuestionExportFile,
    tenantIds: { category_id: 'question_category', label_id: 'knowledge_label', node_id: 'knowledge_node' },
  }),
} as const;
