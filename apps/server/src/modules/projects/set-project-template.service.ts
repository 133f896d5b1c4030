import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditProject, projectAuditState, requireStatus, SETUP_STATUSES, wizardAfter } from './project-setup-state.ts';
import { usableTemplates } from './project-templates.queries.ts';
import { loadProject, projectDetail } from './projects.queries.ts';

/**
 * `/project/set-template`: the wizard's template step, before publishing. The template is common or the
 * organisation's own (not_found otherwise) and of the project's category (`template_category_mismatch`).
 */
export async function setProjectTemplate(ctx: TenantContext, input: { project_id: number; template_id: number }) {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadProject(tx, siteId, input.project_id, true);
    const template = (await usableTemplates(tx, siteId, [input.template_id])).get(input.template_id)!;
    requireStatus(before, SETUP_STATUSES);
    if (template.categoryId !== before.categoryId) throw new AppError('template_category_mismatch');
    const [after] = await tx
      .update(schema.projects)
      .set({ templateId: template.id, wizardStep: wizardAfter(before, 'template'), updatedAt: sql`now()` })
      .where(eq(schema.projects.id, before.id))
      .returning();
    await auditProject(tx, ctx, 'set_template', before, {
      before: projectAuditState(before),
      after: projectAuditState(after!),
    });
  });
  return projectDetail(ctx.db, ctx, input.project_id);
}
