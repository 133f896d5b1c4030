import { questionReportProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { createQuestionReport } from './create-question-report.service.ts';
import { handleQuestionReport } from './handle-question-report.service.ts';
import { listReports, presentMine, reportDetail } from './question-reports.queries.ts';
import { contentManagerHome, listErrorProne } from './question-stats.queries.ts';

/** Learners' corrections and feedback on the question bank, the error-prone list and the content manager's home. */
export const questionReportImplementations = [
  implement(p.datasetFeedbackCreate, async (input, ctx) => createQuestionReport(ctx, input)),
  implement(p.datasetFeedbackMine, async (input, ctx) => {
    const { siteId, userId } = ctx.session;
    const { list, total } = await listReports(ctx.db, siteId, input, userId);
    return { list: list.map(presentMine), total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.datasetFeedbackList, async (input, ctx) => {
    const { list, total } = await listReports(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.datasetFeedbackDetail, async (input, ctx) => reportDetail(ctx.db, ctx.session.siteId, input.id)),
  implement(p.datasetFeedbackAccept, async (input, ctx) => handleQuestionReport(ctx, input, 'accepted')),
  implement(p.datasetFeedbackDecline, async (input, ctx) => handleQuestionReport(ctx, input, 'declined')),
  implement(p.datasetDataErrorProne, async (input, ctx) => {
    const { list, total } = await listErrorProne(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.contentManagerHome, async (_input, ctx) => contentManagerHome(ctx.db, ctx.session.siteId)),
];
