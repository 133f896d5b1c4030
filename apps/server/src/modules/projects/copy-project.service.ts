import { PROJECT_ACTION_FROM, PROJECT_LIMITS, WIZARD_STEPS } from '@app/contracts';
import { schema } from '@app/db';
import { asc, eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditProject, projectAuditState } from './project-setup-state.ts';
import { loadProject, projectDetail } from './projects.queries.ts';

const { projects, steps } = schema;

/** The default name of a copy: the name and ' 副本' / ' copy', cut to fit 30 characters. */
export function copyName(name: string, lang: string): string {
  const suffix = lang === 'en-US' ? ' copy' : ' 副本';
  return `${[...name]
    .slice(0, PROJECT_LIMITS.nameMax - [...suffix].length)
    .join('')
    .trimEnd()}${suffix}`;
}

/**
 * `/project/copy`: a new draft created by the caller with the info, template and steps of a project that is not
 * deleted; no data, batches, tasks or people. The copy resumes at the data step.
 */
export async function copyProject(ctx: TenantContext, input: { id: number; name?: string }) {
  const { siteId, userId } = ctx.session;
  const id = await ctx.db.transaction(async (tx) => {
    const source = await loadProject(tx, siteId, input.id);
    if (!PROJECT_ACTION_FROM.copy.includes(source.status)) {
      throw new AppError('project_state_wrong', { status: source.status, action: 'copy' });
    }
    const [created] = await tx
      .insert(projects)
      .values({
        siteId,
        name: input.name ?? copyName(source.name, ctx.lang),
        categoryId: source.categoryId,
        templateId: source.templateId,
        startAt: source.startAt,
        endAt: source.endAt,
        description: source.description,
        notes: source.notes,
        leaderId: source.leaderId,
        creatorId: userId,
        wizardStep: WIZARD_STEPS.indexOf('data'),
      })
      .returning();
    const sourceSteps = await tx.select().from(steps).where(eq(steps.projectId, source.id)).orderBy(asc(steps.seq));
    const newId = new Map<number, number>();
    for (const step of sourceSteps) {
      const [copied] = await tx
        .insert(steps)
        .values({
          siteId,
          projectId: created!.id,
          name: step.name,
          type: step.type,
          categoryId: step.categoryId,
          templateId: step.templateId,
          seq: step.seq,
          config: step.config,
        })
        .returning({ id: steps.id });
      newId.set(step.id, copied!.id);
    }
    for (const step of sourceSteps) {
      if (step.parentStepId === null || !newId.has(step.parentStepId)) continue;
      await tx
        .update(steps)
        .set({ parentStepId: newId.get(step.parentStepId)! })
        .where(eq(steps.id, newId.get(step.id)!));
    }
    await auditProject(tx, ctx, 'copy', created!, {
      before: null,
      after: projectAuditState(created!),
      copied_from: source.id,
    });
    return created!.id;
  });
  return projectDetail(ctx.db, ctx, id);
}
