import type { TAnnouncement, TAuditAction } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findSiteById } from '../iam/index.ts';
import { findAnnouncement } from './announcements.queries.ts';

const { announcements } = schema;

interface AnnouncementFields {
  title: string;
  content: string;
  site_id: number | null;
}

const pick = (a: AnnouncementFields) => ({ site_id: a.site_id, title: a.title, content: a.content });

async function checkSite(ctx: AuthedContext, siteId: number | null) {
  if (siteId !== null && !(await findSiteById(ctx.db, siteId))) throw new AppError('not_found');
}

function audit(ctx: AuthedContext, action: TAuditAction, id: number, details: Record<string, unknown>) {
  return {
    siteId: ctx.session.siteId,
    userId: ctx.session.userId,
    action,
    targetType: 'announcement' as const,
    targetId: id,
    details,
    ip: ctx.ip,
  };
}

export async function createAnnouncement(ctx: AuthedContext, input: AnnouncementFields): Promise<TAnnouncement> {
  await checkSite(ctx, input.site_id);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({ siteId: input.site_id, title: input.title, content: input.content, createdBy: ctx.session.userId })
      .returning({ id: announcements.id });
    await recordAudit(tx, audit(ctx, 'announcement_create', row!.id, { after: pick(input) }));
    return row!.id;
  });
  return (await findAnnouncement(ctx.db, id))!;
}

export async function updateAnnouncement(
  ctx: AuthedContext,
  input: AnnouncementFields & { id: number },
): Promise<TAnnouncement> {
  await checkSite(ctx, input.site_id);
  await ctx.db.transaction(async (tx) => {
    const before = await findAnnouncement(tx, input.id);
    if (!before) throw new AppError('not_found');
    await tx
      .update(announcements)
      .set({ siteId: input.site_id, title: input.title, content: input.content })
      .where(eq(announcements.id, input.id));
    await recordAudit(tx, audit(ctx, 'announcement_update', input.id, { before: pick(before), after: pick(input) }));
  });
  return (await findAnnouncement(ctx.db, input.id))!;
}

export async function deleteAnnouncement(ctx: AuthedContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await findAnnouncement(tx, id);
    if (!before) throw new AppError('not_found');
    await tx.delete(announcements).where(eq(announcements.id, id));
    await recordAudit(tx, audit(ctx, 'announcement_delete', id, { before: pick(before) }));
  });
  return { ok: true as const };
}
