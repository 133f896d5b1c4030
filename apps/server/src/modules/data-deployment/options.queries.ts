import type { TDeployProjectOption, TPackOption } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, desc, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';

const { packs, projects, sites } = schema;
const LIMIT = 50;

/** Finished packs of every organisation (newest first), searched by project or organisation name. */
export async function packOptions(db: Executor, keyword?: string): Promise<TPackOption[]> {
  const conditions: SQL[] = [eq(packs.status, 'succeeded'), isNotNull(packs.fileKey)];
  if (keyword) conditions.push(ilike(projects.name, likePattern(keyword)));
  const rows = await db
    .select({
      id: packs.id,
      projectName: projects.name,
      siteName: sites.name,
      format: packs.format,
      fileBytes: packs.fileBytes,
      endedAt: packs.endedAt,
    })
    .from(packs)
    .innerJoin(projects, eq(projects.id, packs.projectId))
    .innerJoin(sites, eq(sites.id, packs.siteId))
    .where(and(...conditions))
    .orderBy(desc(packs.id))
    .limit(LIMIT);
  return rows.map((r) => ({
    id: r.id,
    project_name: r.projectName,
    site_name: r.siteName,
    format: r.format,
    file_bytes: r.fileBytes ?? 0,
    ended_at: r.endedAt?.toISOString() ?? null,
  }));
}

/** Draft projects whose data may still change (the pull adds items like an upload), newest first. */
export async function projectOptions(db: Executor, keyword?: string): Promise<TDeployProjectOption[]> {
  const conditions: SQL[] = [eq(projects.status, 'draft'), isNull(projects.batchesConfirmedAt)];
  if (keyword) conditions.push(ilike(projects.name, likePattern(keyword)));
  const rows = await db
    .select({ id: projects.id, name: projects.name, siteName: sites.name, itemCount: projects.itemCount })
    .from(projects)
    .innerJoin(sites, eq(sites.id, projects.siteId))
    .where(and(...conditions))
    .orderBy(desc(projects.id))
    .limit(LIMIT);
  return rows.map((r) => ({ id: r.id, name: r.name, site_name: r.siteName, item_count: r.itemCount }));
}
