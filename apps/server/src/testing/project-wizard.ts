import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type CallOutput, call, type TestApp } from './test-app.ts';

const DAY = 86_400_000;

/** A category (enabled unless asked) and a template of it, common (`siteId` null) or private, made in the database. */
export async function createCatalogue(
  t: TestApp,
  siteId: number | null,
  options: { enabled?: boolean } = {},
): Promise<{ categoryId: number; templateId: number }> {
  const unique = Math.random().toString(36).slice(2, 10);
  const [category] = await t.deps.db
    .insert(schema.annotationCategories)
    .values({ name: `cat ${unique}`, taskType: 'image', drawType: 'rect', enabled: options.enabled ?? true })
    .returning({ id: schema.annotationCategories.id });
  const templateId = await addTemplate(t, siteId, category!.id);
  return { categoryId: category!.id, templateId };
}

export async function addTemplate(t: TestApp, siteId: number | null, categoryId: number): Promise<number> {
  const [template] = await t.deps.db
    .insert(schema.annotationTemplates)
    .values({ siteId, categoryId, name: 'tpl', content: { version: 1, components: [] } })
    .returning({ id: schema.annotationTemplates.id });
  return template!.id;
}

/** `count` record items of `size` bytes each with seq 1..count, in one statement. */
export async function addDataItems(t: TestApp, siteId: number, projectId: number, count: number, size = 10) {
  await t.deps.db.execute(sql`insert into data_items (site_id, project_id, seq, kind, name, size)
    select ${siteId}, ${projectId}, g, 'record', 'row ' || g, ${size} from generate_series(1, ${count}) as g`);
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const [user] = await t.deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.username, username));
  return user!.id;
}

/** Info of a valid project: starts yesterday, ends in 30 days. */
export function projectInfo(categoryId: number, extra: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    name: '猫狗标注',
    category_id: categoryId,
    start_at: new Date(now - DAY).toISOString(),
    end_at: new Date(now + 30 * DAY).toISOString(),
    description: 'boxes',
    ...extra,
  };
}

export async function ok<P extends ProcedurePath>(
  t: TestApp,
  token: string,
  path: P,
  body: unknown,
): Promise<CallOutput<P>> {
  const result = await call(t.app, path, body, { token });
  expect(result.body.error, `${path}: ${result.body.message}`).toBeUndefined();
  return result.body.data;
}

export interface WalkedProject {
  projectId: number;
  categoryId: number;
  templateId: number;
  stepId: number;
  batchIds: number[];
  taskIds: number[];
}

/**
 * Walks the wizard through the API as `token` up to `until` (default: people, which makes the draft `releasing`):
 * info, template, `items` data items, confirm, one batch per entry of `batches`, one execute step, tasks, people.
 */
export async function walkWizard(
  t: TestApp,
  token: string,
  siteId: number,
  options: { items?: number; batches?: number[]; until?: 'data' | 'batches' | 'steps' | 'tasks' | 'people' } = {},
): Promise<WalkedProject> {
  const items = options.items ?? 4;
  const until = options.until ?? 'people';
  const { categoryId, templateId } = await createCatalogue(t, null);
  const project = await ok(t, token, '/project/create', projectInfo(categoryId));
  const walked: WalkedProject = { projectId: project.id, categoryId, templateId, stepId: 0, batchIds: [], taskIds: [] };
  await ok(t, token, '/project/set-template', { project_id: project.id, template_id: templateId });
  await addDataItems(t, siteId, project.id, items);
  if (until === 'data') return walked;
  await ok(t, token, '/project/confirm-data', { project_id: project.id });
  const counts = options.batches ?? [items];
  const batches = await ok(t, token, '/batch/confirm', {
    project_id: project.id,
    batches: counts.map((count, i) => ({ name: `B${i + 1}`, count })),
  });
  walked.batchIds = batches.list.map((b) => b.id);
  if (until === 'batches') return walked;
  const steps = await ok(t, token, '/step/save', {
    project_id: project.id,
    steps: [{ key: 'e', name: '标注', type: 'execute', category_id: categoryId, template_id: templateId }],
  });
  walked.stepId = steps.list[0]!.id;
  if (until === 'steps') return walked;
  const suggested = await ok(t, token, '/project/task-list', { project_id: project.id });
  const saved = await ok(t, token, '/project/task-save', { project_id: project.id, tasks: suggested.list });
  // A saved task has an id: task-save answers task-list's rows, whose id is null only for a suggestion.
  walked.taskIds = saved.list.map((task) => task.id!);
  if (until === 'tasks') return walked;
  const annotator = await userIdOf(t, 'annotator');
  await ok(t, token, '/project/people-save', {
    project_id: project.id,
    tasks: walked.taskIds.map((task_id) => ({ task_id, user_ids: [annotator], group_ids: [] })),
  });
  return walked;
}
