import type { Executor } from '@app/db';
import { sql } from 'drizzle-orm';
import { createExecuteJobs } from '../jobs/index.ts';
import { setTaskStatus, transitionProject } from './project-transition.ts';
import type { ProjectRecord } from './projects.queries.ts';
import { noticeReleasedTasks } from './task-notices.ts';

/**
 * Releases an audited project (auditing -> doing: released now, tasks released, execute jobs made) and answers it
 * with the notices to push to its people after commit. The platform's approve and a publish without the audit
 * (`publishProject`) share it.
 */
export async function approveRelease(tx: Executor, before: ProjectRecord) {
  const after = await transitionProject(tx, before, 'approve', { status: 'doing', releasedAt: sql`now()` });
  await setTaskStatus(tx, before.id, ['pending', 'paused'], 'released');
  await createExecuteJobs(tx, before.id);
  return { after, push: await noticeReleasedTasks(tx, before.siteId, before.id) };
}
