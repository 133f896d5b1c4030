import { randomInt } from 'node:crypto';
import type { TGroupKind } from '@app/contracts';
import { schema } from '@app/db';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { groupAuditState, groupRow, requireKind } from './groups.queries.ts';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** `/group/create`: a class (open, fresh join code, owned by the caller) or a team group. */
export async function createGroup(ctx: TenantContext, input: { kind: TGroupKind; name: string }) {
  requireKind(ctx, input.kind);
  const { siteId, userId } = ctx.session;
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(schema.groups)
          .values({
            siteId,
            kind: input.kind,
            name: input.name,
            joinCode: input.kind === 'class' ? newJoinCode() : null,
            ownerId: userId,
          })
          .returning();
        await recordAudit(tx, {
          siteId,
          userId,
          action: 'group_create',
          targetType: 'group',
          targetId: created!.id,
          details: { before: null, after: groupAuditState(created!) },
          ip: ctx.ip,
        });
        return created!.id;
      });
      return groupRow(ctx.db, siteId, id);
    } catch (error) {
      // A join code drawn twice (31^6 codes): draw again.
      if (uniqueViolation(error) === 'groups_join_code_unique' && attempt < 5) continue;
      throw error;
    }
  }
}
