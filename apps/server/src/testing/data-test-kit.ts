import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { LocalFileStorage } from '../platform/storage-local.ts';
import type { TestApp } from './test-app.ts';
import { type UploadFile, upload } from './uploads.ts';

const DAY = 86_400_000;

/**
 * A draft project of the organisation made directly in the database (the project procedures are not needed), of a
 * category that takes any media (a form) unless `taskType` says otherwise.
 */
export async function draftProject(
  t: TestApp,
  siteId: number,
  values: Partial<typeof schema.projects.$inferInsert> = {},
  taskType: (typeof schema.annotationCategories.$inferInsert)['taskType'] = 'form',
) {
  const unique = Math.random().toString(36).slice(2, 10);
  const [category] = await t.deps.db
    .insert(schema.annotationCategories)
    .values({ name: `data ${unique}`, taskType })
    .returning({ id: schema.annotationCategories.id });
  const [project] = await t.deps.db
    .insert(schema.projects)
    .values({
      siteId,
      name: `data ${unique}`,
      categoryId: category!.id,
      status: 'draft',
      startAt: new Date(Date.now() - DAY),
      endAt: new Date(Date.now() + 30 * DAY),
      ...values,
    })
    .returning();
  return project!;
}

export async function projectRow(t: TestApp, projectId: number) {
  const [row] = await t.deps.db.select().from(schema.projects).where(eq(schema.projects.id, projectId));
  return row!;
}

export async function itemsOf(t: TestApp, projectId: number) {
  return t.deps.db
    .select()
    .from(schema.dataItems)
    .where(eq(schema.dataItems.projectId, projectId))
    .orderBy(schema.dataItems.seq);
}

export const uploadData = (t: TestApp, token: string, projectId: number, source: string, files: UploadFile[]) =>
  upload(t.app, '/data/upload', { project_id: projectId, source }, files, { token });

/** Names of the files under the project's folder in the store (a local store's temporary files included). */
export async function storedFiles(t: TestApp, projectId: number): Promise<string[]> {
  const storage = t.deps.storage;
  if (!(storage instanceof LocalFileStorage)) {
    return (await storage.list(`projects/${projectId}`)).map((key) => key.slice(key.lastIndexOf('/') + 1));
  }
  const entries = await readdir(path.join(storage.root, 'projects', String(projectId)), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}
