import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { loadEditableMap } from './knowledge-map-policy.ts';
import { assertCategory, mapAuditState, mapRow } from './knowledge-maps.queries.ts';

interface UpdateMapInput {
  id: number;
  name?: string;
  description?: string;
  category_id?: number | null;
}

/** `/dataset-map/update`: name, description, category (absent fields stay); names stay unique. */
export async function updateKnowledgeMap(ctx: TenantContext, input: UpdateMapInput) {
  const { siteId, userId } = ctx.session;
  if (input.category_id !== undefined) await assertCategory(ctx.db, siteId, input.category_id);
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await loadEditableMap(tx, siteId, ctx.session, input.id, true);
      const [after] = await tx
        .update(schema.knowledgeMaps)
        .set({
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.category_id === undefined ? {} : { categoryId: input.category_id }),
          updatedAt: new Date(),
        })
        .where(eq(schema.knowledgeMaps.id, before.id))
        .returning();
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'knowledge_map_update',
        targetType: 'knowledge_map',
        targetId: before.id,
        details: { before: mapAuditState(before), after: mapAuditState(after!) },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === 'knowledge_maps_site_name') throw new AppError('knowledge_map_name_taken');
    throw error;
  }
  return mapRow(ctx.db, siteId, input.id);
}

/** `/dataset-map/enable` and `/dataset-map/disable`: idempotent; a change is audited. */
export async function setKnowledgeMapEnabled(ctx: TenantContext, id: number, enabled: boolean) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadEditableMap(tx, siteId, ctx.session, id, true);
    if (before.enabled === enabled) return;
    await tx
      .update(schema.knowledgeMaps)
      .set({ enabled, updatedAt: new Date() })
      .where(eq(schema.knowledgeMaps.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: enabled ? 'knowledge_map_enable' : 'knowledge_map_disable',
      targetType: 'knowledge_map',
      targetId: before.id,
      details: { before: { enabled: before.enabled }, after: { enabled } },
      ip: ctx.ip,
    });
  });
  return mapRow(ctx.db, siteId, id);
}
