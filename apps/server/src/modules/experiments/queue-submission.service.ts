import { schema } from '@app/db';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { queueOf } from '../../platform/queue.ts';
import { loadExperiment, loadPublishedExperiment } from './experiments.queries.ts';
import type { LanguageId } from './sandbox/languages.ts';
import { requireLanguage, requireSandbox } from './sandbox-of.ts';
import { submissionJob } from './submission-job.ts';
import { placeOf } from './submissions.queries.ts';

const { experimentSubmissions: submissions } = schema;

/** Authors (holders of the detail key) may try drafts; learners open published experiments only. */
export const AUTHOR_KEY = '/dataset-experiment/detail';

/** The experiment as the caller may use it: any of the organisation for authors, else a published one. */
export const experimentForCaller = (ctx: TenantContext, id: number) =>
  ctx.session.permissions.has(AUTHOR_KEY)
    ? loadExperiment(ctx.db, ctx.session.siteId, id)
    : loadPublishedExperiment(ctx.db, ctx.session.siteId, id);

/**
 * Queues a run (the caller's own input) or a submit (graded against every case): refused before queueing when the
 * kind is not a code lab, the sandbox cannot run here, the language is missing, or a submit has no case to grade.
 */
export async function queueSubmission(
  ctx: TenantContext,
  kind: 'run' | 'submit',
  input: { id: number; code: string; stdin?: string },
) {
  const siteId = ctx.session.siteId;
  const experiment = await experimentForCaller(ctx, input.id);
  if (experiment.kind !== 'code') throw new AppError('experiment_kind_unsupported', { kind: experiment.kind });
  if (kind === 'submit' && experiment.cases.length === 0) throw new AppError('experiment_no_cases');
  requireSandbox(ctx.deps);
  requireLanguage(experiment.language as LanguageId);
  const [created] = await ctx.db
    .insert(submissions)
    .values({
      siteId,
      experimentId: experiment.id,
      userId: ctx.session.userId,
      kind,
      language: experiment.language,
      code: input.code,
      stdin: kind === 'run' ? (input.stdin ?? '') : null,
    })
    .returning({ id: submissions.id });
  const id = created!.id;
  // Sent after the row is committed (no transaction here): the job finds it.
  await queueOf(ctx.deps).send(submissionJob, { siteId, submissionId: id });
  return { id, status: 'queued' as const, place: await placeOf(ctx.db, siteId, id) };
}
