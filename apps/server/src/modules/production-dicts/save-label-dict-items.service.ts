import { labelDictItemProblems, normaliseShortcut } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { dictDetail, itemsAuditState, loadDict, loadDictItems } from './production-dicts.queries.ts';

interface ItemInput {
  value: string;
  label: string;
  color: string;
  shortcut?: string | null;
  enabled: boolean;
}

/**
 * `/production-dict/items-save`: replaces every item of a dictionary in one transaction (sort = array order,
 * colours in lower case, shortcuts in their canonical form). A repeated value or shortcut answers its code with
 * `{ index, value }` of the later item (and `row`, 1-based, in the message).
 */
export async function saveLabelDictItems(ctx: TenantContext, input: { id: number; items: ItemInput[] }) {
  const { siteId, userId } = ctx.session;
  const [problem] = labelDictItemProblems(input.items);
  if (problem) {
    throw new AppError(
      problem.code,
      { row: problem.index + 1, value: problem.value },
      { index: problem.index, value: problem.value },
    );
  }
  await ctx.db.transaction(async (tx) => {
    const dict = await loadDict(tx, siteId, input.id, true);
    const before = await loadDictItems(tx, dict.id);
    await tx.delete(schema.labelDictItems).where(eq(schema.labelDictItems.dictId, dict.id));
    const after =
      input.items.length === 0
        ? []
        : await tx
            .insert(schema.labelDictItems)
            .values(
              input.items.map((item, index) => ({
                siteId,
                dictId: dict.id,
                value: item.value,
                label: item.label,
                color: item.color.toLowerCase(),
                shortcut: item.shortcut ? normaliseShortcut(item.shortcut) : null,
                sort: index,
                enabled: item.enabled,
              })),
            )
            .returning();
    await tx.update(schema.labelDicts).set({ updatedAt: new Date() }).where(eq(schema.labelDicts.id, dict.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'label_dict_items_save',
      targetType: 'label_dict',
      targetId: dict.id,
      details: { before: itemsAuditState(before), after: itemsAuditState(after) },
      ip: ctx.ip,
    });
  });
  return dictDetail(ctx.db, siteId, input.id);
}
