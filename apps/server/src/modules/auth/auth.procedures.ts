import { authProcedures as p } from '@app/contracts';
import { schema } from '@app/db';
import { asc, eq } from 'drizzle-orm';
import { implement } from '../../platform/procedures.ts';
import { notifyUserChanged, revokeSession } from '../../platform/session.ts';
import { signedInCookieName } from '../../platform/session-cookie.ts';
import { siteDisplayName } from '../../platform/site-name.ts';
import { createCaptcha } from './captcha.service.ts';
import { loginWithPassword } from './login.service.ts';
import { resetPassword, sendResetCode } from './password-reset.service.ts';
import { createQuickLoginToken, loginWithQuickToken } from './quick-login.service.ts';
import { registerSite, sendSignupCode } from './signup.service.ts';

export const authImplementations = [
  implement(p.echo, async (input) => ({ message: input.message })),

  implement(p.runtimeConfig, async (_input, ctx) => {
    const { config } = ctx.deps;
    return {
      tokenCookie: config.TOKEN_COOKIE,
      signedInCookie: signedInCookieName(config),
      websocketUrl: `${ctx.origin.replace(/^http/, 'ws')}/ws`,
      staticBase: `${ctx.origin}/files`,
      helpUrl: config.HELP_URL,
      appId: config.APP_ID,
      experimentUrl: config.EXPERIMENT_URL,
      labeltoolUrl: config.LABELTOOL_URL || `${ctx.origin}/production/task-execute`,
      captcha: config.CAPTCHA === 'on',
    };
  }),

  implement(p.init, async (_input, ctx) => {
    const host = new URL(ctx.origin).hostname;
    const { sites } = schema;
    const [byDomain] = await ctx.db.select().from(sites).where(eq(sites.domain, host)).limit(1);
    const site = byDomain ?? (await ctx.db.select().from(sites).orderBy(asc(sites.id)).limit(1))[0];
    return {
      site: site
        ? { id: site.id, name: siteDisplayName(site, ctx.lang), icon_logo: site.iconLogo }
        : { id: 0, name: '', icon_logo: null },
    };
  }),

  implement(p.captcha, async (_input, ctx) => createCaptcha(ctx)),
  implement(p.login, async (input, ctx) => loginWithPassword(ctx, input)),

  implement(p.logout, async (_input, ctx) => {
    await revokeSession(ctx.db, ctx.session.sessionId);
    await notifyUserChanged(ctx.deps, ctx.session.userId);
    return { ok: true as const };
  }),

  implement(p.signupCode, async (input, ctx) => sendSignupCode(ctx, input)),
  implement(p.signup, async (input, ctx) => registerSite(ctx, input)),

  implement(p.forgetPassword, async (input, ctx) =>
    input.action === 'send_code' ? sendResetCode(ctx, input) : resetPassword(ctx, input),
  ),

  implement(p.loginQuick, async (input, ctx) => loginWithQuickToken(ctx, input.access_token)),
  implement(p.quickLoginToken, async (_input, ctx) => createQuickLoginToken(ctx)),
];
