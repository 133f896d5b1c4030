import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { labelAuditState, labelRow, loadLabel } from './knowledge-labels.queries.ts';

interface LabelFields {
  name: string;
  color: string;
  description: string;
}

const nameTaken = (error: unknown) =>
  uniqueViolation(error) === 'knowledge_labels_site_name' ? new AppError('knowledge_label_name_taken') : error;

/** `/dataset-label/create`: names are unique in the organisation (knowledge_label_name_taken). */
export async function createKnowledgeLabel(ctx: TenantContext, input: LabelFields) {
  const { siteId, userId } = ctx.session;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [label] = await tx
        .insert(schema.knowledgeLabels)
        .values({ siteId, name: input.name, color: input.color, description: input.description })
        .returning();
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'knowledge_label_create',
        targetType: 'knowledge_label',
        targetId: label!.id,
        details: { before: null, after: labelAuditState(label!) },
        ip: ctx.ip,
      });
      return label!.id;
    });
    return labelRow(ctx.db, siteId, id);
  } catch (error) {
    throw nameTaken(error);
  }
}

/** `/dataset-label/update`: absent fields stay; with none given, nothing changes and the label is answered as it is. */
export async function updateKnowledgeLabel(ctx: TenantContext, input: Partial<LabelFields> & { id: number }) {
  const { siteId, userId } = ctx.session;
  const change = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.color === undefined ? {} : { color: input.color }),
    ...(input.description === undefined ? {} : { description: input.description }),
  };
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await loadLabel(tx, siteId, input.id, true);
      if (Object.keys(change).length === 0) return;
      const [after] = await tx
        .update(schema.knowledgeLabels)
        .set(change)
        .where(eq(schema.knowledgeLabels.id, before.id))
        .returning();
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'knowledge_label_update',
        targetType: 'knowledge_label',
        targetId: before.id,
        details: { before: labelAuditState(before), after: labelAuditState(after!) },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    throw nameTaken(error);
  }
  return labelRow(ctx.db, siteId, input.id);
}

/** `/dataset-label/delete`: nodes and questions lose the label (foreign keys cascade). */
export async function deleteKnowledgeLabel(ctx: TenantContext, id: number) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadLabel(tx, siteId, id, true);
    await tx.delete(schema.knowledgeLabels).where(eq(schema.knowledgeLabels.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'knowledge_label_delete',
      targetType: 'knowledge_label',
      targetId: before.id,
      details: { before: labelAuditState(before), after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}
