import { extensionOf, TEACHING_SOURCE_LIMITS, type TTeachingSourceUpload } from '@app/contracts';
import { schema } from '@app/db';
import { and, desc, eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { baseName, kindOfFile, maxBytesOf, stem } from './source-files.ts';
import { uploadAnswer } from './source-uploads.queries.ts';

const { teachingSourceUploads } = schema;

/**
 * `/dataset-source/upload-start`: the kind comes from the extension (`teaching_source_type_unsupported` for any
 * other), the size must fit the kind's limit (`upload_too_large`), the title defaults to the file name without its
 * extension. The caller's unfinished upload of the same file name and size is resumed (its title updated when one is
 * given): the answer lists the parts it already has. Nothing is stored for a refused start.
 */
export async function startSourceUpload(
  ctx: TenantContext,
  input: { file_name: string; size: number; title?: string },
): Promise<TTeachingSourceUpload> {
  const { siteId, userId } = ctx.session;
  const fileName = baseName(input.file_name).trim().slice(-TEACHING_SOURCE_LIMITS.fileName);
  const kind = kindOfFile(fileName);
  if (!kind) {
    throw new AppError('teaching_source_type_unsupported', {}, { extension: extensionOf(fileName) });
  }
  const maxBytes = maxBytesOf(kind);
  if (input.size > maxBytes) throw new AppError('upload_too_large', {}, { max_bytes: maxBytes });
  const title = input.title ?? (stem(fileName).trim().slice(0, TEACHING_SOURCE_LIMITS.title).trim() || fileName);
  const [unfinished] = await ctx.db
    .select()
    .from(teachingSourceUploads)
    .where(
      and(
        eq(teachingSourceUploads.siteId, siteId),
        eq(teachingSourceUploads.ownerId, userId),
        eq(teachingSourceUploads.fileName, fileName),
        eq(teachingSourceUploads.size, input.size),
      ),
    )
    .orderBy(desc(teachingSourceUploads.id))
    .limit(1);
  if (unfinished) {
    const [resumed] = await ctx.db
      .update(teachingSourceUploads)
      .set({ title: input.title ?? unfinished.title, updatedAt: new Date() })
      .where(eq(teachingSourceUploads.id, unfinished.id))
      .returning();
    return uploadAnswer(ctx.db, resumed ?? unfinished);
  }
  const [created] = await ctx.db
    .insert(teachingSourceUploads)
    .values({
      siteId,
      ownerId: userId,
      title: title.slice(0, TEACHING_SOURCE_LIMITS.title),
      fileName,
      size: input.size,
      partSize: TEACHING_SOURCE_LIMITS.partSize,
    })
    .returning();
  return uploadAnswer(ctx.db, created!);
}
