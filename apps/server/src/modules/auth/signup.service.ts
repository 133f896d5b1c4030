import type { TSessionUser } from '@app/contracts';
import { schema } from '@app/db';
import { translate } from '@app/i18n';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { limit } from '../../platform/rate-limiter.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { emailInUse } from '../iam/index.ts';
import { checkCaptcha } from './captcha.service.ts';
import { EMAIL_CODE, sendEmailCode } from './email-codes.service.ts';
import { openSession } from './login.service.ts';
import { spendEmailCode } from './spend-email-code.ts';

/** Sign-up codes and organisation sign-ups, each per address and hour. */
export const SIGNUP_LIMITS = { codesPerIp: 20, signupsPerIp: 10, windowSeconds: 3600 } as const;

export interface SignupInput {
  site_name: string;
  email: string;
  code: string;
  password: string;
  mobile: string;
  agreement: boolean;
}

/** The roles the registering person holds in the new organisation; the first is current. */
export const FOUNDER_ROLES = ['role_manager', 'role_teacher'] as const;

/**
 * Step 1 of both sign-ups (an organisation's, an invitation's): mails a code that proves the address. A taken
 * address gets the same answer and a mail saying an account exists (log in or reset the password) instead of a
 * code, so the form does not tell whose address is registered.
 */
export async function sendSignupCode(
  ctx: RequestContext,
  input: { email: string; captcha_id?: string; captcha?: string },
) {
  await limit(ctx, `signup-code:ip:${ctx.ip}`, SIGNUP_LIMITS.codesPerIp, SIGNUP_LIMITS.windowSeconds);
  await checkCaptcha(ctx, input.captcha_id, input.captcha);
  const email = input.email.toLowerCase();
  const taken = await emailInUse(ctx.db, email);
  return sendEmailCode(
    ctx,
    email,
    'signup',
    taken
      ? {
          subject: translate(ctx.lang, 'mail.signup_taken_subject'),
          body: translate(ctx.lang, 'mail.signup_taken_body', { email }),
        }
      : (code) => ({
          subject: translate(ctx.lang, 'mail.signup_code_subject'),
          body: translate(ctx.lang, 'mail.signup_code_body', { code, minutes: EMAIL_CODE.validMinutes }),
        }),
  );
}

/**
 * Registers an organisation with its manager (the registering person, whose address the mailed code proves) and
 * logs the manager in. Only after the code may it say the address is taken (a race with another sign-up).
 */
export async function registerSite(ctx: RequestContext, input: SignupInput): Promise<TSessionUser> {
  if (!input.agreement) throw new AppError('agreement_required');
  await limit(ctx, `signup:ip:${ctx.ip}`, SIGNUP_LIMITS.signupsPerIp, SIGNUP_LIMITS.windowSeconds);
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const { users, sites, siteUsers, siteUserRoles } = schema;
  try {
    const user = await ctx.db.transaction(async (tx) => {
      if (!(await spendEmailCode(tx, email, 'signup', input.code))) return null;
      const [nameTaken] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.name, input.site_name)).limit(1);
      if (nameTaken) throw new AppError('site_name_taken');
      if (await emailInUse(tx, email)) throw new AppError('email_taken');
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
    if (!user) throw new AppError('email_code_wrong');
    return await openSession(ctx, user, 'login_after_signup');
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw new AppError(constraint.startsWith('sites') ? 'site_name_taken' : 'email_taken');
  }
}
