import { schema } from '@app/db';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { createExecuteJobs } from '../jobs/index.ts';
import { auditProject, projectAuditState } from './project-setup-state.ts';
import { setTaskStatus, transitionProject } from './project-transition.ts';
import { loadProject, projectDetail } from './projects.queries.ts';

export type StatusAction = 'pause' | 'restart' | 'complete' | 'delete' | 'recovery';

/**
 * `/project/pause|restart|complete|delete|recovery`: the lifecycle moves of docs/domain.md. Pause and restart pause
 * and release the tasks, complete completes them; delete remembers the status it left, recovery returns to it.
 */
export async function changeProjectStatus(ctx: TenantContext, id: number, action: StatusAction) {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadProject(tx, siteId, id);
    let after: typeof before;
    switch (action) {
      case 'pause':
        after = await transitionProject(tx, before, action, { status: 'paused' });
        await setTaskStatus(tx, before.id, ['released'], 'paused');
        break;
      case 'restart':
        after = await transitionProject(tx, before, action, { status: 'doing' });
        await setTaskStatus(tx, before.id, ['paused'], 'released');
        await createExecuteJobs(tx, before.id);
        break;
      case 'complete':
        after = await transitionProject(tx, before, action, { status: 'complete' });
        await setTaskStatus(tx, before.id, ['pending', 'released', 'paused'], 'complete');
        break;
      case 'delete':
        // In SET, `status` is the value before the update.
        after = await transitionProject(tx, before, action, {
          status: 'deleted',
          statusBeforeDelete: sql`${schema.projects.status}`,
        });
        break;
      case 'recovery':
        after = await transitionProject(tx, before, action, {
          status: sql`coalesce(${schema.projects.statusBeforeDelete}, 'draft')`,
          statusBeforeDelete: null,
        });
        break;
    }
    await auditProject(tx, ctx, action, before, {
      before: projectAuditState(before),
      after: projectAuditState(after),
    });
  });
  return projectDetail(ctx.db, ctx, id);
}
