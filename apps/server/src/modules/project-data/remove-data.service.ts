import { schema } from '@app/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { refreshCounters } from './add-items.ts';
import { playCachePaths, waveformCachePath } from './derived-files.ts';
import { dataState, loadProject, projectFolder, requireDataOpen } from './project-data.queries.ts';

const { dataItems } = schema;

/**
 * `/data/delete`: items of a draft project (all named ids must be its items, else `not_found`); the rest are
 * numbered again 1..n in their order, the counters follow, and the last item gone frees the data source.
 * Files are removed once the transaction has committed.
 */
export async function deleteItems(ctx: TenantContext, input: { project_id: number; ids: number[] }) {
  const { siteId, userId } = ctx.session;
  const { removed, after } = await ctx.db.transaction(async (tx) => {
    const before = await loadProject(tx, ctx, input.project_id, true);
    requireDataOpen(before);
    const removed = await tx
      .delete(dataItems)
      .where(and(eq(dataItems.siteId, siteId), eq(dataItems.projectId, before.id), inArray(dataItems.id, input.ids)))
      .returning({ id: dataItems.id, name: dataItems.name, filePath: dataItems.filePath });
    if (removed.length !== input.ids.length) throw new AppError('not_found');
    // Two steps, as the (project, seq) index is checked row by row: first to negative numbers, then back.
    await tx.execute(sql`
      update ${dataItems} as d set seq = -r.rn
      from (select id, row_number() over (order by seq) as rn from ${dataItems} where project_id = ${before.id}) as r
      where d.id = r.id`);
    await tx.execute(sql`update ${dataItems} set seq = -seq where project_id = ${before.id}`);
    let after = await refreshCounters(tx, before.id);
    if (after.itemCount === 0) after = await refreshCounters(tx, before.id, { dataSource: null });
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'data_delete',
      targetType: 'project',
      targetId: before.id,
      details: {
        before: dataState(before),
        after: dataState(after),
        ids: removed.slice(0, 100).map((r) => r.id),
        names: removed.slice(0, 20).map((r) => r.name),
      },
      ip: ctx.ip,
    });
    return { removed, after };
  });
  // With each file goes its cached waveform (audio items), when one was made.
  await ctx.deps.storage.remove(
    removed.flatMap((r) =>
      r.filePath ? [r.filePath, waveformCachePath(r.filePath), ...playCachePaths(r.filePath)] : [],
    ),
  );
  return { deleted: removed.length, item_count: after.itemCount, total_bytes: after.totalBytes };
}

/** `/data/clear`: every item of a draft project and its files; the project may then choose another source. */
export async function clearItems(ctx: TenantContext, input: { project_id: number }) {
  const { siteId, userId } = ctx.session;
  const deleted = await ctx.db.transaction(async (tx) => {
    const before = await loadProject(tx, ctx, input.project_id, true);
    requireDataOpen(before);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(dataItems)
      .where(eq(dataItems.projectId, before.id));
    await tx.delete(dataItems).where(eq(dataItems.projectId, before.id));
    const after = await refreshCounters(tx, before.id, { dataSource: null });
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'data_clear',
      targetType: 'project',
      targetId: before.id,
      details: { before: dataState(before), after: dataState(after) },
      ip: ctx.ip,
    });
    return counted?.count ?? 0;
  });
  await ctx.deps.storage.remove([`${projectFolder(input.project_id)}/data`], { recursive: true });
  return { ok: true as const, deleted };
}
