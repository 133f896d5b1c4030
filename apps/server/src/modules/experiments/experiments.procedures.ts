import { experimentProcedures as p } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import { implement } from '../../platform/procedures.ts';
import { experimentDetail, listExperiments, loadPublishedExperiment, studentDetailOf } from './experiments.queries.ts';
import { AUTHOR_KEY, experimentForCaller, queueSubmission } from './queue-submission.service.ts';
import { languageList } from './sandbox-of.ts';
import { createExperiment, deleteExperiment, updateExperiment } from './save-experiment.service.ts';
import { listSubmissions, loadSubmission, submissionOut } from './submissions.queries.ts';

/** Experiments of the caller's organisation: the authors' side, then the learners'. */
export const experimentImplementations = [
  implement(p.experimentList, async (input, ctx) => {
    const { list, total } = await listExperiments(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.experimentDetail, async (input, ctx) => experimentDetail(ctx.db, ctx.session.siteId, input.id)),
  implement(p.experimentCreate, async (input, ctx) => createExperiment(ctx, input)),
  implement(p.experimentUpdate, async (input, ctx) => updateExperiment(ctx, input)),
  implement(p.experimentDelete, async (input, ctx) => deleteExperiment(ctx, input.id, input.force)),
  implement(p.experimentLanguages, async () => languageList()),
  implement(p.experimentStudentDetail, async (input, ctx) =>
    studentDetailOf(await loadPublishedExperiment(ctx.db, ctx.session.siteId, input.id)),
  ),
  implement(p.experimentCodeRun, async (input, ctx) => queueSubmission(ctx, 'run', input)),
  implement(p.experimentSubmit, async (input, ctx) => queueSubmission(ctx, 'submit', input)),
  implement(p.experimentSubmission, async (input, ctx) => {
    const submission = await loadSubmission(ctx.db, ctx.session.siteId, input.submission_id);
    const author = ctx.session.permissions.has(AUTHOR_KEY);
    if (submission.userId !== ctx.session.userId && !author) throw new AppError('not_found');
    return submissionOut(ctx.db, submission, author);
  }),
  implement(p.experimentSubmissions, async (input, ctx) => {
    const siteId = ctx.session.siteId;
    await experimentForCaller(ctx, input.id);
    const { list, total } = await listSubmissions(ctx.db, siteId, input.id, ctx.session.userId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
];
