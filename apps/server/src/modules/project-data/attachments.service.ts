import { ATTACHMENT_EXTENSIONS, DATA_LIMITS, extensionOf } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';
import { listAttachments, loadProject } from './project-data.queries.ts';
import { newFilePath, storeCheckedFile } from './stored-files.ts';

const { projectAttachments } = schema;

async function attachmentCount(db: Executor, projectId: number): Promise<number> {
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(projectAttachments)
    .where(eq(projectAttachments.projectId, projectId));
  return counted?.count ?? 0;
}

/**
 * `/project/attachment-upload`: documents checked by their bytes; at most 50 per project, and at most 5 in one
 * upload of the wizard's info step (`project_attachment_limit`). All or nothing.
 */
export async function uploadAttachments(
  ctx: TenantContext,
  input: { project_id: number; step?: 'info' },
  files: IncomingFiles,
) {
  const { siteId, userId } = ctx.session;
  const project = await loadProject(ctx.db, ctx, input.project_id);
  const existing = await attachmentCount(ctx.db, project.id);
  const stored: { name: string; filePath: string; size: number }[] = [];
  const limitOf = (count: number) => {
    if (input.step === 'info' && count > DATA_LIMITS.attachmentsInInfoStep) {
      return DATA_LIMITS.attachmentsInInfoStep;
    }
    return existing + count > DATA_LIMITS.attachmentsPerProject ? DATA_LIMITS.attachmentsPerProject : null;
  };
  try {
    for await (const file of files) {
      const limit = limitOf(stored.length + 1);
      if (limit !== null) throw new AppError('project_attachment_limit', { max: limit }, { max: limit });
      const extension = extensionOf(file.name);
      if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) {
        throw new AppError('upload_type_wrong', {}, { name: file.name, reason: 'type' });
      }
      const filePath = newFilePath(project.id, 'attachments', extension);
      const size = await storeCheckedFile(ctx.deps.storage, filePath, file.stream, {
        name: file.name,
        extension,
        maxBytes: files.maxBytes,
      });
      stored.push({ name: file.name.slice(-255), filePath, size });
    }
    if (stored.length === 0) {
      throw new AppError('invalid_input', { fields: 'files: required' }, { fields: [{ field: 'files' }] });
    }
    await ctx.db.transaction(async (tx) => {
      await loadProject(tx, ctx, project.id, true);
      // Another upload may have landed meanwhile: the project total is checked again under the lock.
      if ((await attachmentCount(tx, project.id)) + stored.length > DATA_LIMITS.attachmentsPerProject) {
        const max = DATA_LIMITS.attachmentsPerProject;
        throw new AppError('project_attachment_limit', { max }, { max });
      }
      const rows = await tx
        .insert(projectAttachments)
        .values(stored.map((s) => ({ siteId, projectId: project.id, ...s })))
        .returning({ id: projectAttachments.id });
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'attachment_upload',
        targetType: 'project',
        targetId: project.id,
        details: { before: null, after: stored.map((s, i) => ({ id: rows[i]?.id, name: s.name, size: s.size })) },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    await ctx.deps.storage.remove(stored.map((s) => s.filePath));
    throw error;
  }
  return listAttachments(ctx.db, siteId, project.id);
}

/** `/project/attachment-delete`: the row, then its file. */
export async function deleteAttachment(ctx: TenantContext, input: { id: number }) {
  const { siteId, userId } = ctx.session;
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(projectAttachments)
      .where(and(eq(projectAttachments.id, input.id), eq(projectAttachments.siteId, siteId)))
      .returning();
    if (!row) throw new AppError('not_found');
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'attachment_delete',
      targetType: 'project',
      targetId: row.projectId,
      details: { before: { id: row.id, name: row.name, size: row.size }, after: null },
      ip: ctx.ip,
    });
    return row;
  });
  await ctx.deps.storage.remove([removed.filePath]);
  return { ok: true as const };
}
