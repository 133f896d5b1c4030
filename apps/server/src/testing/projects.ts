import { schema } from '@app/db';
import type { TestApp } from './test-app.ts';

export interface ProjectFixture {
  categoryId: number;
  templateId: number;
  projectId: number;
  itemId: number;
  batchId: number;
  stepId: number;
  taskId: number;
  attachmentId: number;
}

const DAY = 86_400_000;

/**
 * A small project made directly in the database for tests: a category, a private template, one data item in
 * one confirmed batch, one execute step and its task. `status` defaults to 'draft'.
 */
export async function createProjectFixture(
  t: TestApp,
  siteId: number,
  options: { status?: (typeof schema.projects.$inferInsert)['status']; name?: string } = {},
): Promise<ProjectFixture> {
  const db = t.deps.db;
  const unique = Math.random().toString(36).slice(2, 10);
  const [category] = await db
    .insert(schema.annotationCategories)
    .values({ name: `fixture ${unique}`, taskType: 'image', drawType: 'rect' })
    .returning({ id: schema.annotationCategories.id });
  const [template] = await db
    .insert(schema.annotationTemplates)
    .values({ siteId, categoryId: category!.id, name: `fixture ${unique}`, content: { version: 1, components: [] } })
    .returning({ id: schema.annotationTemplates.id });
  const now = Date.now();
  const [project] = await db
    .insert(schema.projects)
    .values({
      siteId,
      name: options.name ?? `fixture ${unique}`,
      categoryId: category!.id,
      templateId: template!.id,
      status: options.status ?? 'draft',
      startAt: new Date(now - DAY),
      endAt: new Date(now + 30 * DAY),
      itemCount: 1,
      totalBytes: 10,
      dataSource: 'manifest',
    })
    .returning({ id: schema.projects.id });
  const projectId = project!.id;
  const [batch] = await db
    .insert(schema.batches)
    .values({ siteId, projectId, name: 'B1', seq: 1, itemCount: 1, totalBytes: 10 })
    .returning({ id: schema.batches.id });
  const [item] = await db
    .insert(schema.dataItems)
    .values({
      siteId,
      projectId,
      batchId: batch!.id,
      seq: 1,
      kind: 'record',
      name: 'row 1',
      payload: { text: 'hello' },
      size: 10,
    })
    .returning({ id: schema.dataItems.id });
  const [step] = await db
    .insert(schema.steps)
    .values({
      siteId,
      projectId,
      name: '标注',
      type: 'execute',
      categoryId: category!.id,
      templateId: template!.id,
      seq: 1,
    })
    .returning({ id: schema.steps.id });
  const [task] = await db
    .insert(schema.tasks)
    .values({
      siteId,
      projectId,
      stepId: step!.id,
      batchId: batch!.id,
      name: '标注 B1',
      startAt: new Date(now - DAY),
      endAt: new Date(now + 30 * DAY),
    })
    .returning({ id: schema.tasks.id });
  const [attachment] = await db
    .insert(schema.projectAttachments)
    .values({ siteId, projectId, name: 'brief.pdf', filePath: `projects/${projectId}/brief.pdf`, size: 10 })
    .returning({ id: schema.projectAttachments.id });
  return {
    categoryId: category!.id,
    templateId: template!.id,
    projectId,
    itemId: item!.id,
    batchId: batch!.id,
    stepId: step!.id,
    taskId: task!.id,
    attachmentId: attachment!.id,
  };
}
