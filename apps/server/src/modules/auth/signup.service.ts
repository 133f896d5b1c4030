import type { TSessionUser } from '@app/contracts';
import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { checkCaptcha } from './captcha.service.ts';
import { limit, openSession } from './login.service.ts';

export interface SignupInput {
  site_name: string;
  email: string;
  password: string;
  mobile: string;
  agreement: boolean;
  captcha_id?: string;
  captcha?: string;
}

/** The roles the registering person holds in the new organisation; the first is current. */
export const FOUNDER_ROLES = ['role_manager', 'role_teacher'] as const;

/** Registers an organisation with its manager (the registering person) and logs the manager in. */
export async function registerSite(ctx: RequestContext, input: SignupInput): Promise<TSessionUser> {
  if (!input.agreement) throw new AppError('agreement_required');
  await limit(ctx, `signup:ip:${ctx.ip}`, 10, 3600);
  await checkCaptcha(ctx.deps, input.captcha_id, input.captcha);
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const { users, sites, siteUsers, siteUserRoles } = schema;
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const [nameTaken] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.name, input.site_name)).limit(1);
      if (nameTaken) throw new AppError('site_name_taken');
      const [emailTaken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email} OR ${users.username} = ${email}`)
        .limit(1);
      if (emailTaken) throw new AppError('email_taken');
      const [site] = await tx.insert(sites).values({ name: input.site_name }).returning();
      const [user] = await tx
        .insert(users)
        .values({
          username: email,
          email,
          nickname: email.split('@')[0]!.slice(0, 20),
          mobile: input.mobile,
          passwordHash,
          currentSiteId: site!.id,
        })
        .returning();
      await tx.update(sites).set({ createdBy: user!.id }).where(eq(sites.id, site!.id));
      const [membership] = await tx
        .insert(siteUsers)
        .values({ siteId: site!.id, userId: user!.id, currentRole: FOUNDER_ROLES[0] })
        .returning();
      await tx
        .insert(siteUserRoles)
        .values(FOUNDER_ROLES.map((roleKey) => ({ siteUserId: membership!.id, siteId: site!.id, roleKey })));
      await recordAudit(tx, { siteId: site!.id, userId: user!.id, action: 'site_registered', ip: ctx.ip });
      return user!;
    });
    return await openSession(ctx, user, 'login_after_signup');
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw new AppError(constraint.startsWith('sites') ? 'site_name_taken' : 'email_taken');
  }
}
