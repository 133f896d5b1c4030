import {
  type ProjectAuditVerb,
  type TProjectDetail,
  type TProjectStatus,
  type TWizardStep,
  WIZARD_STEPS,
} from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

const { projects } = schema;

type ProjectRecord = typeof projects.$inferSelect;
export type MissingPart = TProjectDetail['missing'][number];

/** Statuses in which the setup (template, data, batches, steps) can still change: before publishing. */
export const SETUP_STATUSES: readonly TProjectStatus[] = ['draft', 'releasing'];
/** Statuses in which info, tasks and people can still change. */
export const LIVE_STATUSES: readonly TProjectStatus[] = ['draft', 'releasing', 'auditing', 'doing', 'paused'];

/** Refuses a change of a project whose status does not allow it (`project_not_editable`). */
export function requireStatus(project: ProjectRecord, allowed: readonly TProjectStatus[]): void {
  if (!allowed.includes(project.status)) throw new AppError('project_not_editable', { status: project.status });
}

/**
 * What is still missing before the project can be published, in wizard order: a template, data, confirmed
 * batches, an execute step, a task for every step and batch, people for every task released to the team.
 */
export async function projectMissing(db: Executor, project: ProjectRecord): Promise<MissingPart[]> {
  const id = project.id;
  const [state] = await db
    .select({
      hasData: sql<boolean>`exists (select 1 from data_items d where d.project_id = ${id})`,
      executeSteps: sql<number>`(select count(*)::int from steps s where s.project_id = ${id} and s.type = 'execute')`,
      stepCount: sql<number>`(select count(*)::int from steps s where s.project_id = ${id})`,
      batchCount: sql<number>`(select count(*)::int from batches b where b.project_id = ${id})`,
      taskCount: sql<number>`(select count(*)::int from tasks t where t.project_id = ${id})`,
      teamTaskWithoutPeople: sql<boolean>`exists (select 1 from tasks t where t.project_id = ${id}
        and t.target = 'team' and not exists (select 1 from task_people tp where tp.task_id = t.id
          and (tp.user_id is not null or exists (select 1 from group_members gm where gm.group_id = tp.group_id))))`,
    })
    .from(projects)
    .where(eq(projects.id, id));
  if (!state) throw new AppError('not_found');
  const missing: MissingPart[] = [];
  if (project.templateId === null) missing.push('template');
  if (!state.hasData) missing.push('data');
  if (project.batchesConfirmedAt === null || state.batchCount === 0) missing.push('batches');
  if (state.executeSteps === 0) missing.push('steps');
  if (state.stepCount === 0 || state.batchCount === 0 || state.taskCount !== state.stepCount * state.batchCount) {
    missing.push('tasks');
  }
  if (state.teamTaskWithoutPeople) missing.push('people');
  return missing;
}

/** The wizard step after `step`: saving a step moves `wizard_step` there, never backwards. */
export function wizardAfter(project: ProjectRecord, step: TWizardStep): number {
  const next = Math.min(WIZARD_STEPS.indexOf(step) + 1, WIZARD_STEPS.length - 1);
  return Math.max(project.wizardStep, next);
}

/** What the audit log keeps of a project. */
export function projectAuditState(p: ProjectRecord) {
  return {
    name: p.name,
    category_id: p.categoryId,
    template_id: p.templateId,
    status: p.status,
    wizard_step: p.wizardStep,
    start_at: p.startAt.toISOString(),
    end_at: p.endAt.toISOString(),
    description: p.description,
    notes: p.notes,
    leader_id: p.leaderId,
    item_count: p.itemCount,
    batches_confirmed_at: p.batchesConfirmedAt?.toISOString() ?? null,
    audit_reason: p.auditReason,
  };
}

/** One audit line about a project (`project_<verb>`), in the caller's transaction. */
export function auditProject(
  tx: Executor,
  ctx: TenantContext,
  verb: ProjectAuditVerb,
  project: { id: number; siteId: number },
  details: { before: unknown; after: unknown } & Record<string, unknown>,
): Promise<void> {
  return recordAudit(tx, {
    siteId: project.siteId,
    userId: ctx.session.userId,
    action: `project_${verb}`,
    targetType: 'project',
    targetId: project.id,
    details,
    ip: ctx.ip,
  });
}
