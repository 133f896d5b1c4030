import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createExecuteJobs } from '../jobs/create-jobs.ts';
import { noticeReleasedTasks } from '../jobs/task-notices.ts';
import { auditProject, projectAuditState } from './project-setup-state.ts';
import { setTaskStatus, transitionProject } from './project-transition.ts';

export type AuditDecision = { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string };

/**
 * `/project/audit` (platform): approve a released project (auditing -> doing: released now, tasks released) or
 * refuse it with a reason (auditing -> releasing; the reason shows on the detail until the next publish).
 */
export async function auditProjectRelease(ctx: TenantContext, input: AuditDecision) {
  const push = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(schema.projects).where(eq(schema.projects.id, input.id));
    if (!before) throw new AppError('not_found');
    const approve = input.decision === 'approve';
    const after = await transitionProject(
      tx,
      before,
      input.decision,
      approve ? { status: 'doing', releasedAt: sql`now()` } : { status: 'releasing', auditReason: input.reason },
    );
    if (approve) {
      await setTaskStatus(tx, before.id, ['pending', 'paused'], 'released');
      await createExecuteJobs(tx, before.id);
    }
    await auditProject(tx, ctx, approve ? 'audit_approve' : 'audit_reject', before, {
      before: projectAuditState(before),
      after: projectAuditState(after),
    });
    return approve ? noticeReleasedTasks(tx, before.siteId, before.id) : null;
  });
  await push?.(ctx.deps.hub);
  return { ok: true as const };
}
