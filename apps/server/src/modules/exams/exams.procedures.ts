import { examProcedures as p } from '@app/contracts';
import { schema } from '@app/db';
import { asc, eq } from 'drizzle-orm';
import { implement } from '../../platform/procedures.ts';
import { requireOwnBlueprintSources } from './blueprint-sources.ts';
import { examCandidates } from './candidates.queries.ts';
import { changeExamStatus, deleteExam } from './exam-status.service.ts';
import { examDetail, listExams, loadExam } from './exams.queries.ts';
import { exportResults } from './export-results.service.ts';
import { paperAnalysis } from './paper-analysis.ts';
import { blueprintCheck } from './publish-checks.ts';
import { blueprintIn, createExam, updateExam } from './save-exam.service.ts';

/** Exams of the caller's organisation, the teacher's and manager's side (module 3). */
export const examImplementations = [
  implement(p.examineList, async (input, ctx) => {
    const { list, total } = await listExams(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.examineDetail, async (input, ctx) => examDetail(ctx.db, ctx.session.siteId, input.id)),
  implement(p.examineCreate, async (input, ctx) => createExam(ctx, input)),
  implement(p.examineUpdate, async (input, ctx) => updateExam(ctx, input)),
  implement(p.examineDelete, async (input, ctx) => deleteExam(ctx, input.id)),
  implement(p.examinePublish, async (input, ctx) => changeExamStatus(ctx, input.id, 'published')),
  implement(p.examineClose, async (input, ctx) => changeExamStatus(ctx, input.id, 'closed')),
  implement(p.examineCheckBlueprint, async (input, ctx) => {
    await requireOwnBlueprintSources(ctx.db, ctx.session.siteId, input);
    return blueprintCheck(ctx.db, ctx.session.siteId, blueprintIn(input)!);
  }),
  implement(p.examineCertTemplates, async (_input, ctx) => {
    const list = await ctx.db
      .select({ id: schema.certTemplates.id, name: schema.certTemplates.name })
      .from(schema.certTemplates)
      .where(eq(schema.certTemplates.siteId, ctx.session.siteId))
      .orderBy(asc(schema.certTemplates.id));
    return { list };
  }),
  implement(p.examineCandidates, async (input, ctx) => {
    const exam = await loadExam(ctx.db, ctx.session.siteId, input.exam_id);
    const { list, total } = await examCandidates(ctx.db, ctx.session.siteId, exam.id, {
      keyword: input.keyword,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    });
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.examineExport, async (input, ctx) => exportResults(ctx, input.exam_id)),
  implement(p.examinePaperAnalysis, async (input, ctx) => paperAnalysis(ctx.db, ctx.session.siteId, input.exam_id)),
];
