import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { storeImage } from '../../platform/images.ts';
import { notifyUserChanged } from '../../platform/session.ts';

/**
 * Sets the caller's avatar: a JPEG or PNG (by its bytes) of 1 KB to 2 MB, stored under its SHA-256 so the
 * same image is stored once and its URL can be cached forever. Answers the public path.
 */
export async function updateAvatar(ctx: AuthedContext, dataUrl: string): Promise<{ avatar: string }> {
  const image = await storeImage(ctx.deps.storage, 'avatars', dataUrl);
  const avatar = image.url;
  const { userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    await tx.update(schema.users).set({ avatar, updatedAt: new Date() }).where(eq(schema.users.id, userId));
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId,
      action: 'update_avatar',
      details: { file: image.relativePath, bytes: image.bytes },
      ip: ctx.ip,
    });
  });
  await notifyUserChanged(ctx.deps, userId);
  return { avatar };
}
