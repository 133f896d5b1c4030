import type { TPackFormat, TPackOptions, TPackRow } from '@app/contracts';
import { schema } from '@app/db';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { PACK_FORMATS, packFormat } from './formats/index.ts';
import { queuePack } from './pack-queue.ts';
import { packRow } from './packs.queries.ts';
import { templateTraits } from './template-traits.ts';

async function requireProject(ctx: TenantContext, projectId: number) {
  const [project] = await ctx.db
    .select({ id: schema.projects.id })
    .from(schema.projects)
    .where(and(eq(schema.projects.id, projectId), eq(schema.projects.siteId, ctx.session.siteId)));
  if (!project) throw new AppError('not_found');
}

/** The project's execute steps with the formats their templates fit, and its batches. */
export async function packOptions(ctx: TenantContext, projectId: number): Promise<TPackOptions> {
  await requireProject(ctx, projectId);
  const steps = await ctx.db
    .select({ id: schema.steps.id, name: schema.steps.name, content: schema.annotationTemplates.content })
    .from(schema.steps)
    .leftJoin(schema.annotationTemplates, eq(schema.annotationTemplates.id, schema.steps.templateId))
    .where(and(eq(schema.steps.projectId, projectId), eq(schema.steps.type, 'execute')))
    .orderBy(asc(schema.steps.seq), asc(schema.steps.id));
  const passed = await ctx.db
    .select({ stepId: schema.jobs.stepId, n: count() })
    .from(schema.jobs)
    .where(and(eq(schema.jobs.projectId, projectId), eq(schema.jobs.status, 'passed')))
    .groupBy(schema.jobs.stepId);
  const batches = await ctx.db
    .select({ id: schema.batches.id, name: schema.batches.name })
    .from(schema.batches)
    .where(eq(schema.batches.projectId, projectId))
    .orderBy(asc(schema.batches.seq), asc(schema.batches.id));
  return {
    steps: steps.map((s) => {
      const traits = templateTraits(s.content);
      return {
        id: s.id,
        name: s.name,
        formats: PACK_FORMATS.filter((f) => f.fits(traits)).map((f) => f.id),
        passed: passed.find((p) => p.stepId === s.id)?.n ?? 0,
      };
    }),
    batches,
  };
}

/** Queues a pack of an execute step's passed jobs in a format its template fits. */
export async function buildPack(
  ctx: TenantContext,
  input: { project_id: number; step_id: number; batch_ids: number[]; format: TPackFormat; include_media: boolean },
): Promise<TPackRow> {
  const siteId = ctx.session.siteId;
  await requireProject(ctx, input.project_id);
  const [step] = await ctx.db
    .select({ projectId: schema.steps.projectId, type: schema.steps.type, content: schema.annotationTemplates.content })
    .from(schema.steps)
    .leftJoin(schema.annotationTemplates, eq(schema.annotationTemplates.id, schema.steps.templateId))
    .where(and(eq(schema.steps.id, input.step_id), eq(schema.steps.siteId, siteId)));
  if (!step) throw new AppError('not_found');
  if (step.projectId !== input.project_id || step.type !== 'execute') throw new AppError('pack_step_wrong');
  const batchIds = [...new Set(input.batch_ids)].sort((a, b) => a - b);
  if (batchIds.length > 0) {
    const found = await ctx.db
      .select({ id: schema.batches.id })
      .from(schema.batches)
      .where(
        and(
          inArray(schema.batches.id, batchIds),
          eq(schema.batches.siteId, siteId),
          eq(schema.batches.projectId, input.project_id),
        ),
      );
    if (found.length !== batchIds.length) throw new AppError('not_found');
  }
  const def = packFormat(input.format);
  if (!def?.fits(templateTraits(step.content))) throw new AppError('pack_format_unfit');
  const [created] = await ctx.db
    .insert(schema.packs)
    .values({
      siteId,
      projectId: input.project_id,
      stepId: input.step_id,
      batchIds,
      format: input.format,
      includeMedia: input.include_media,
      createdBy: ctx.session.userId,
    })
    .returning({ id: schema.packs.id });
  await queuePack(ctx.deps, created!.id);
  return packRow(ctx.db, siteId, created!.id);
}

/** Moves a pack of the organisation from one of the `from` states (else pack_state_wrong with its status). */
async function movePack(
  ctx: TenantContext,
  id: number,
  from: TPackRow['status'][],
  values: Partial<typeof schema.packs.$inferInsert>,
): Promise<void> {
  const row = await packRow(ctx.db, ctx.session.siteId, id);
  const moved = await ctx.db
    .update(schema.packs)
    .set(values)
    .where(
      and(eq(schema.packs.id, id), eq(schema.packs.siteId, ctx.session.siteId), inArray(schema.packs.status, from)),
    )
    .returning({ id: schema.packs.id });
  if (moved.length === 0) throw new AppError('pack_state_wrong', {}, { status: row.status });
}

/** Stops a queued or running pack: the worker notices at its next checkpoint; the checkpoint stays. */
export async function stopPack(ctx: TenantContext, id: number): Promise<TPackRow> {
  await movePack(ctx, id, ['queued', 'running'], { status: 'stopped', endedAt: new Date() });
  return packRow(ctx.db, ctx.session.siteId, id);
}

/** Queues a stopped or failed pack again; it continues from its checkpoint. */
export async function restartPack(ctx: TenantContext, id: number): Promise<TPackRow> {
  await movePack(ctx, id, ['stopped', 'failed'], { status: 'queued', error: null, endedAt: null });
  await queuePack(ctx.deps, id);
  return packRow(ctx.db, ctx.session.siteId, id);
}
