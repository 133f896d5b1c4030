import type { ZExperimentInput } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { sanitiseQuestionHtml } from '../question-bank/index.ts';
import { detailOf, experimentDetail, loadExperiment, submissionCount } from './experiments.queries.ts';
import { requireLanguage } from './sandbox-of.ts';

const { experiments } = schema;
type ExperimentInput = z.output<typeof ZExperimentInput>;

/** The columns of an experiment from its input: only code labs for now, in a language installed here. */
function columnsOf(input: ExperimentInput) {
  if (input.kind !== 'code') throw new AppError('experiment_kind_unsupported', { kind: input.kind });
  requireLanguage(input.language);
  const limits: schema.ExperimentLimits = {
    cpuMs: input.limits.cpu_ms,
    wallMs: Math.max(input.limits.wall_ms, input.limits.cpu_ms),
    memoryMb: input.limits.memory_mb,
    outputKb: input.limits.output_kb,
  };
  const cases: schema.ExperimentCase[] = input.cases.map((c) => ({
    stdin: c.stdin,
    expected: c.expected,
    comparison: c.comparison,
    weight: c.weight,
    hidden: c.hidden,
  }));
  return {
    title: input.title,
    kind: input.kind,
    instructions: sanitiseQuestionHtml(input.instructions),
    language: input.language,
    starterCode: input.starter_code,
    limits,
    cases,
    status: input.status,
  };
}

export async function createExperiment(ctx: TenantContext, input: ExperimentInput) {
  const [created] = await ctx.db
    .insert(experiments)
    .values({ ...columnsOf(input), siteId: ctx.session.siteId, createdBy: ctx.session.userId })
    .returning();
  return detailOf(created!, 0);
}

export async function updateExperiment(ctx: TenantContext, input: ExperimentInput & { id: number }) {
  const siteId = ctx.session.siteId;
  await loadExperiment(ctx.db, siteId, input.id);
  await ctx.db
    .update(experiments)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(and(eq(experiments.siteId, siteId), eq(experiments.id, input.id)));
  return experimentDetail(ctx.db, siteId, input.id);
}

/** Deletes an experiment; one with submissions only with `force` (its submissions go with it). */
export async function deleteExperiment(ctx: TenantContext, id: number, force: boolean) {
  const siteId = ctx.session.siteId;
  await loadExperiment(ctx.db, siteId, id);
  const submissions = await submissionCount(ctx.db, siteId, id);
  if (submissions > 0 && !force) throw new AppError('experiment_has_submissions', { count: submissions });
  await ctx.db.delete(experiments).where(and(eq(experiments.siteId, siteId), eq(experiments.id, id)));
  return { ok: true as const };
}
