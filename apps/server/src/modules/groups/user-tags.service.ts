import { schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { lockMembershipsOfUsers } from './group-members.queries.ts';
import { lockTags, tagRow } from './user-tags.queries.ts';

const { userTags, siteUserTags } = schema;

async function nameUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'user_tags_site_name') throw new AppError('conflict');
    throw error;
  }
}

/** `/user/tag-create`: a new user tag (names unique in the organisation: conflict). */
export async function createTag(ctx: TenantContext, input: { name: string }) {
  const { siteId, userId } = ctx.session;
  const id = await nameUnique(() =>
    ctx.db.transaction(async (tx) => {
      const [created] = await tx.insert(userTags).values({ siteId, name: input.name }).returning();
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'tag_create',
        targetType: 'user_tag',
        targetId: created!.id,
        details: { before: null, after: { name: created!.name } },
        ip: ctx.ip,
      });
      return created!.id;
    }),
  );
  return tagRow(ctx.db, siteId, id);
}

/** `/user/tag-update`: renames a tag. */
export async function updateTag(ctx: TenantContext, input: { id: number; name: string }) {
  const { siteId, userId } = ctx.session;
  await nameUnique(() =>
    ctx.db.transaction(async (tx) => {
      const [before] = await lockTags(tx, siteId, [input.id]);
      await tx.update(userTags).set({ name: input.name }).where(eq(userTags.id, before!.id));
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'tag_update',
        targetType: 'user_tag',
        targetId: before!.id,
        details: { before: { name: before!.name }, after: { name: input.name } },
        ip: ctx.ip,
      });
    }),
  );
  return tagRow(ctx.db, siteId, input.id);
}

/** `/user/tag-delete`: deletes a tag; it comes off every member. */
export async function deleteTag(ctx: TenantContext, input: { id: number }) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const [before] = await lockTags(tx, siteId, [input.id]);
    await tx.delete(userTags).where(eq(userTags.id, before!.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'tag_delete',
      targetType: 'user_tag',
      targetId: before!.id,
      details: { before: { name: before!.name }, after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}

/** `/user/tag-set`: each member gets exactly these tags (an empty list takes every tag off). */
export async function setUserTags(ctx: TenantContext, input: { user_ids: number[]; tag_ids: number[] }) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const memberships = await lockMembershipsOfUsers(tx, siteId, input.user_ids);
    const tags = await lockTags(tx, siteId, input.tag_ids);
    const siteUserIds = memberships.map((m) => m.siteUserId);
    const previous = await tx
      .select({ siteUserId: siteUserTags.siteUserId, tagId: siteUserTags.tagId })
      .from(siteUserTags)
      .where(inArray(siteUserTags.siteUserId, siteUserIds));
    await tx.delete(siteUserTags).where(and(inArray(siteUserTags.siteUserId, siteUserIds)));
    if (tags.length) {
      await tx
        .insert(siteUserTags)
        .values(siteUserIds.flatMap((siteUserId) => tags.map((tag) => ({ siteUserId, tagId: tag.id }))));
    }
    const tagIds = tags.map((t) => t.id);
    for (const m of memberships) {
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'tag_set',
        targetType: 'membership',
        targetId: m.siteUserId,
        details: {
          user_id: m.userId,
          before: { tag_ids: previous.filter((p) => p.siteUserId === m.siteUserId).map((p) => p.tagId) },
          after: { tag_ids: tagIds },
        },
        ip: ctx.ip,
      });
    }
    return { count: memberships.length };
  });
}
