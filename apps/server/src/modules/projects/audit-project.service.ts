import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { approveRelease } from './approve-release.ts';
import { auditProject, projectAuditState } from './project-setup-state.ts';
import { transitionProject } from './project-transition.ts';

export type AuditDecision = { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string };

/**
 * `/project/audit` (platform): approve a released project (auditing -> doing: released now, tasks released) or
 * refuse it with a reason (auditing -> releasing; the reason shows on the detail until the next publish).
 */
export async function auditProjectRelease(ctx: TenantContext, input: AuditDecision) {
  const push = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(schema.projects).where(eq(schema.projects.id, input.id));
    if (!before) throw new AppError('not_found');
    const approved =
      input.decision === 'approve'
        ? await approveRelease(tx, before)
        : {
            after: await transitionProject(tx, before, 'reject', { status: 'releasing', auditReason: input.reason }),
            push: null,
          };
    await auditProject(tx, ctx, `audit_${input.decision}`, before, {
      before: projectAuditState(before),
      after: projectAuditState(approved.after),
    });
    return approved.push;
  });
  await push?.(ctx.deps.hub);
  return { ok: true as const };
}
