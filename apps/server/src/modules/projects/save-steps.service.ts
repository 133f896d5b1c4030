import type { TStepInput } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditProject, requireStatus, SETUP_STATUSES, wizardAfter } from './project-setup-state.ts';
import { requireCategories, usableTemplates } from './project-templates.queries.ts';
import { loadProject } from './projects.queries.ts';
import { stepList } from './steps.queries.ts';
import { renameTasks } from './tasks.queries.ts';

const { projects, steps } = schema;

/**
 * The step rules (names 2-6 characters and unique, review steps under an execute step) on the steps of one
 * save (they arrive parsed: names trimmed, 2-6).
 */
async function checkSteps(db: Executor, siteId: number, list: TStepInput[]) {
  const keys = new Set<string>();
  const names = new Set<string>();
  for (const step of list) {
    if (keys.has(step.key)) throw new AppError('invalid_input', { fields: `steps: ${step.key}` });
    keys.add(step.key);
    if (names.has(step.name)) throw new AppError('step_name_duplicate', { name: step.name });
    names.add(step.name);
  }
  await requireCategories(
    db,
    list.flatMap((s) => (s.category_id ? [s.category_id] : [])),
  );
  const templates = await usableTemplates(
    db,
    siteId,
    list.flatMap((s) => (s.template_id ? [s.template_id] : [])),
  );
  const byKey = new Map(list.map((s) => [s.key, s]));
  for (const step of list) {
    if (step.type === 'execute' && (!step.category_id || !step.template_id)) {
      throw new AppError('step_template_required', { name: step.name });
    }
    if (step.template_id) {
      const template = templates.get(step.template_id)!;
      if (!step.category_id || template.categoryId !== step.category_id) {
        throw new AppError('template_category_mismatch');
      }
    }
    if (step.type !== 'execute') {
      const parent = step.parent_key ? byKey.get(step.parent_key) : undefined;
      if (parent?.type !== 'execute' || !parent.template_id) {
        throw new AppError('step_parent_wrong', { name: step.name });
      }
    }
  }
  if (!list.some((s) => s.type === 'execute')) throw new AppError('step_execute_required');
}

/**
 * `/step/save`: replaces a project's steps before publishing, in array order. A step whose key is the id of one
 * of the project's steps keeps its id (and its tasks); steps left out are removed with their tasks.
 */
export async function saveSteps(ctx: TenantContext, input: { project_id: number; steps: TStepInput[] }) {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const project = await loadProject(tx, siteId, input.project_id, true);
    await checkSteps(tx, siteId, input.steps);
    requireStatus(project, SETUP_STATUSES);
    const before = await stepList(tx, project.id);
    const existing = new Set(before.map((s) => String(s.id)));
    const kept = input.steps.filter((s) => existing.has(s.key)).map((s) => Number(s.key));
    await tx
      .delete(steps)
      .where(and(eq(steps.projectId, project.id), kept.length ? notInArray(steps.id, kept) : undefined));
    // Names are unique per project: move the kept steps out of the way before giving the new names.
    for (const [index, id] of kept.entries()) {
      await tx
        .update(steps)
        .set({ name: `\u0001${index}` })
        .where(eq(steps.id, id));
    }
    const idOfKey = new Map<string, number>();
    for (const [index, step] of input.steps.entries()) {
      const values = {
        name: step.name,
        type: step.type,
        categoryId: step.category_id ?? null,
        templateId: step.template_id ?? null,
        seq: index + 1,
        config: step.config,
        parentStepId: null,
      };
      if (existing.has(step.key)) {
        await tx
          .update(steps)
          .set(values)
          .where(eq(steps.id, Number(step.key)));
        idOfKey.set(step.key, Number(step.key));
      } else {
        const [created] = await tx
          .insert(steps)
          .values({ ...values, siteId, projectId: project.id })
          .returning({ id: steps.id });
        idOfKey.set(step.key, created!.id);
      }
    }
    for (const step of input.steps) {
      if (step.type === 'execute' || !step.parent_key) continue;
      await tx
        .update(steps)
        .set({ parentStepId: idOfKey.get(step.parent_key)! })
        .where(eq(steps.id, idOfKey.get(step.key)!));
    }
    await renameTasks(tx, project.id);
    await tx
      .update(projects)
      .set({ wizardStep: wizardAfter(project, 'processes'), updatedAt: sql`now()` })
      .where(eq(projects.id, project.id));
    await auditProject(tx, ctx, 'save_steps', project, { before, after: await stepList(tx, project.id) });
  });
  return { list: await stepList(ctx.db, input.project_id) };
}
