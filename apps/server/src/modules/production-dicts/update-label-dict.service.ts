import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { dictAuditState, dictDetail, loadDict } from './production-dicts.queries.ts';

/** `/production-dict/update`: a new name (unique in the organisation) or description; absent fields stay. */
export async function updateLabelDict(ctx: TenantContext, input: { id: number; name?: string; description?: string }) {
  const { siteId, userId } = ctx.session;
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await loadDict(tx, siteId, input.id, true);
      const [after] = await tx
        .update(schema.labelDicts)
        .set({
          name: input.name ?? before.name,
          description: input.description ?? before.description,
          updatedAt: new Date(),
        })
        .where(eq(schema.labelDicts.id, before.id))
        .returning();
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'label_dict_update',
        targetType: 'label_dict',
        targetId: before.id,
        details: { before: dictAuditState(before), after: dictAuditState(after!) },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === 'label_dicts_site_name') throw new AppError('dict_name_taken');
    throw error;
  }
  return dictDetail(ctx.db, siteId, input.id);
}
