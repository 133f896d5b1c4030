import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { storeImage } from '../../platform/images.ts';
import { lockSite } from './sites.queries.ts';

export type LogoKind = 'logo' | 'icon_logo';

/**
 * Sets an organisation's logo or icon logo: the avatar rules (a JPEG or PNG by its bytes, 1 KB to 2 MB), stored
 * under `site-logos/` by content hash. Members see it at once (every instance drops its cached answers).
 */
export async function updateSiteLogo(
  ctx: TenantContext,
  input: { id: number; kind: LogoKind; image: string },
): Promise<{ kind: LogoKind; url: string }> {
  const image = await storeImage(ctx.deps.storage, 'site-logos', input.image);
  const column = input.kind === 'logo' ? 'logo' : 'iconLogo';
  await ctx.db.transaction(async (tx) => {
    const site = await lockSite(tx, input.id);
    if (!site) throw new AppError('not_found');
    await tx
      .update(schema.sites)
      .set({ [column]: image.url, updatedAt: new Date() })
      .where(eq(schema.sites.id, input.id));
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      action: 'site_update_logo',
      targetType: 'site',
      targetId: input.id,
      details: {
        before: { [input.kind]: site[column] },
        after: { [input.kind]: image.url, file: image.relativePath, bytes: image.bytes },
      },
      ip: ctx.ip,
    });
  });
  await ctx.deps.hub.broadcastToInstances({ kind: 'access_changed' });
  return { kind: input.kind, url: image.url };
}
