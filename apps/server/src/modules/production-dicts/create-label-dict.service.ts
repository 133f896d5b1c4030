import { schema } from '@app/db';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { dictAuditState, dictDetail } from './production-dicts.queries.ts';

/** `/production-dict/create`: a new, empty dictionary; the name is unique in the organisation (`dict_name_taken`). */
export async function createLabelDict(ctx: TenantContext, input: { name: string; description: string }) {
  const { siteId, userId } = ctx.session;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(schema.labelDicts)
        .values({ siteId, name: input.name, description: input.description, createdBy: userId })
        .returning();
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'label_dict_create',
        targetType: 'label_dict',
        targetId: created!.id,
        details: { before: null, after: dictAuditState(created!) },
        ip: ctx.ip,
      });
      return created!.id;
    });
    return dictDetail(ctx.db, siteId, id);
  } catch (error) {
    if (uniqueViolation(error) === 'label_dicts_site_name') throw new AppError('dict_name_taken');
    throw error;
  }
}
