import type { TTeachingSource } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { loadSource, sourceDetail, sourceTaskCount } from './teaching-sources.queries.ts';

const { teachingSources } = schema;

/** `/dataset-source/update`: renames a source (its owner or a manager). */
export async function renameTeachingSource(
  ctx: TenantContext,
  input: { id: number; title: string },
): Promise<TTeachingSource> {
  const { siteId } = ctx.session;
  const source = await loadSource(ctx.db, siteId, ctx.session, input.id);
  if (source.title !== input.title) {
    await ctx.db
      .update(teachingSources)
      .set({ title: input.title, updatedAt: new Date() })
      .where(eq(teachingSources.id, source.id));
  }
  return sourceDetail(ctx.db, siteId, source.id);
}

/**
 * `/dataset-source/delete` (its owner or a manager): refused with `teaching_source_in_use` (details: task_count)
 * while a course task of the organisation shows it. The row is locked first, so a task saved at the same moment (which
 * reads the source with a share lock) is either counted or finds it gone. Audited; the files (the upload and its
 * view) go after the commit.
 */
export async function deleteTeachingSource(ctx: TenantContext, input: { id: number }): Promise<{ ok: true }> {
  const { siteId, userId } = ctx.session;
  const removed = await ctx.db.transaction(async (tx) => {
    const source = await loadSource(tx, siteId, ctx.session, input.id, 'update');
    const taskCount = await sourceTaskCount(tx, siteId, source.id);
    if (taskCount > 0) throw new AppError('teaching_source_in_use', { count: taskCount }, { task_count: taskCount });
    await tx.delete(teachingSources).where(eq(teachingSources.id, source.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'teaching_source_delete',
      targetType: 'teaching_source',
      targetId: source.id,
      details: {
        before: {
          id: source.id,
          kind: source.kind,
          title: source.title,
          file_name: source.fileName,
          file_size: source.fileSize,
          owner_id: source.ownerId,
        },
        after: null,
      },
      ip: ctx.ip,
    });
    return source;
  });
  const keys = [removed.fileKey, ...(removed.viewKey && removed.viewKey !== removed.fileKey ? [removed.viewKey] : [])];
  await ctx.deps.storage.remove(keys);
  return { ok: true };
}
