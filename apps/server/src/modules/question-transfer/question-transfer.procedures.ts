import { questionTransferProcedures as p } from '@app/contracts';
import { implement, implementUpload } from '../../platform/procedures.ts';
import { exportQuestions } from './export-questions.service.ts';
import { importQuestions } from './import-questions.service.ts';
import { importTemplate } from './import-template.service.ts';

export const questionTransferImplementations = [
  implement(p.datasetDataImportTemplate, async (_input, ctx) => importTemplate(ctx.lang)),
  implementUpload(p.datasetDataImport, async (input, ctx, files) => importQuestions(ctx, input, files)),
  implement(p.datasetDataExport, async (input, ctx) => exportQuestions(ctx, input)),
];
