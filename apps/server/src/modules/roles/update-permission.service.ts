import type { TPermissionRow } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { CATALOGUE_KEY_BY_NAME } from './catalogue.ts';
import { listPermissionRows } from './permissions.queries.ts';

/**
 * Names a permission key and describes it: a catalogue key (synced at start; once named, the start-up sync no
 * longer overwrites the description with the procedure's summary) or a custom one.
 */
export async function updatePermission(
  ctx: TenantContext,
  input: { key: string; name: string; description: string },
): Promise<TPermissionRow> {
  const { permissions } = schema;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(permissions).where(eq(permissions.key, input.key)).for('update');
    if (!before || !(before.custom || CATALOGUE_KEY_BY_NAME.has(input.key))) throw new AppError('not_found');
    await tx
      .update(permissions)
      .set({ name: input.name, description: input.description })
      .where(eq(permissions.key, input.key));
    await recordAudit(tx, {
      userId: ctx.session.userId,
      action: 'permission_update',
      targetType: 'permission',
      targetId: input.key,
      details: {
        before: { name: before.name, description: before.description },
        after: { name: input.name, description: input.description },
      },
      ip: ctx.ip,
    });
    const [row] = await listPermissionRows(tx, ctx.lang, { key: input.key });
    return row!;
  });
}
