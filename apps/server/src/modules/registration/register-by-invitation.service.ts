import { LIMITS } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { limit } from '../../platform/rate-limiter.ts';
import { siteDisplayName } from '../../platform/site-name.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { spendEmailCode } from '../auth/index.ts';
import { emailInUse } from '../iam/index.ts';

const { invitations, sites, users, siteUsers, siteUserRoles } = schema;

/** The role a person who signs up through an invitation holds, once the organisation approves them. */
export const INVITED_ROLE = 'role_student';
/** Sign-ups per IP and hour. */
export const REGISTER_LIMIT = { perIp: 20, window: 3600 } as const;
/** How long a new invitation link lasts by default; the `invite_hours` setting changes it (invite-hours.ts). */
export const INVITATION_TTL_MS = LIMITS.inviteHours * 3600 * 1000;

export interface RegisterInput {
  invitation: string;
  username: string;
  nickname: string;
  email: string;
  /** The code mailed by `/index/signup-code`, which proves the address. */
  code: string;
  mobile: string;
  password: string;
}

type InvitationRow = typeof invitations.$inferSelect;
type SiteRow = typeof sites.$inferSelect;

async function findInvitation(db: Executor, token: string) {
  const [found] = await db
    .select({ invitation: invitations, site: sites })
    .from(invitations)
    .innerJoin(sites, eq(sites.id, invitations.siteId))
    .where(eq(invitations.token, token))
    .limit(1);
  return found;
}

/** An invitation can be used while it is in use, not expired, and its organisation is open. */
function isUsable(invitation: InvitationRow, site: SiteRow): boolean {
  return invitation.status === 'using' && invitation.expiresAt.getTime() > Date.now() && site.status === 'open';
}

/** What an invitation link leads to, for the sign-up page; every call counts a visit. */
export async function describeInvitation(ctx: RequestContext, token: string) {
  const found = await findInvitation(ctx.db, token);
  if (!found) throw new AppError('not_found');
  await ctx.db
    .update(invitations)
    .set({ visits: sql`${invitations.visits} + 1` })
    .where(eq(invitations.id, found.invitation.id));
  return {
    site: { id: found.site.id, name: siteDisplayName(found.site, ctx.lang) },
    expires_at: found.invitation.expiresAt.toISOString(),
    usable: isUsable(found.invitation, found.site),
  };
}

/**
 * Signs a new person up through an invitation: the account, and a pending student membership of the
 * invitation's organisation (it cannot log in there until approved), in one transaction. The mailed code is
 * checked before anything else of the person is; only after it may the answer say the address is taken.
 */
export async function registerByInvitation(ctx: RequestContext, input: RegisterInput) {
  await limit(ctx, `register:ip:${ctx.ip}`, REGISTER_LIMIT.perIp, REGISTER_LIMIT.window);
  const found = await findInvitation(ctx.db, input.invitation);
  if (!found) throw new AppError('not_found');
  if (!isUsable(found.invitation, found.site)) throw new AppError('invitation_invalid');
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  try {
    const registered = await ctx.db.transaction(async (tx) => {
      if (!(await spendEmailCode(tx, email, 'signup', input.code))) return false;
      const [counted] = await tx
        .update(invitations)
        .set({ signups: sql`${invitations.signups} + 1` })
        .where(
          and(
            eq(invitations.id, found.invitation.id),
            eq(invitations.status, 'using'),
            gt(invitations.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: invitations.id });
      if (!counted) throw new AppError('invitation_invalid');
      const [nameTaken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)
        .limit(1);
      if (nameTaken) throw new AppError('username_taken');
      if (await emailInUse(tx, email)) throw new AppError('email_taken');
      const siteId = found.site.id;
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          nickname: input.nickname,
          email,
          mobile: input.mobile,
          passwordHash,
          currentSiteId: siteId,
        })
        .returning({ id: users.id });
      const [membership] = await tx
        .insert(siteUsers)
        .values({ siteId, userId: user!.id, currentRole: INVITED_ROLE, status: 'pending' })
        .returning({ id: siteUsers.id });
      await tx.insert(siteUserRoles).values({ siteUserId: membership!.id, siteId, roleKey: INVITED_ROLE });
      await recordAudit(tx, {
        siteId,
        userId: user!.id,
        action: 'registered_by_invitation',
        targetType: 'invitation',
        targetId: found.invitation.id,
        ip: ctx.ip,
      });
      return true;
    });
    if (!registered) throw new AppError('email_code_wrong');
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw new AppError(constraint.includes('email') ? 'email_taken' : 'username_taken');
  }
  return { ok: true as const, pending: true as const, site_name: siteDisplayName(found.site, ctx.lang) };
}
