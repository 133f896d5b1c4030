import { z } from 'zod';
import { procedure } from '../procedure.ts';
import { ZEmail, ZEmailCode, ZMobile, ZSignupPassword, ZSiteName } from '../rules.ts';
import { ZSessionUser } from './iam-session-user.ts';

const ZCaptchaAnswer = {
  captcha_id: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
};

const ZOk = z.object({ ok: z.literal(true) });
/** A mail was queued; another may be asked for after `retry_after` seconds. */
const ZCodeSent = z.object({ ok: z.literal(true), retry_after: z.number().int() });

export const authProcedures = {
  echo: procedure({
    path: '/index/echo',
    summary: 'Answers its input; the baseline of the API benchmark.',
    access: 'public',
    input: z.object({ message: z.string().max(1000).default('') }),
    output: z.object({ message: z.string() }),
  }),
  runtimeConfig: procedure({
    path: '/index/runtime-config',
    summary: "The web client's configuration for the calling origin.",
    access: 'public',
    input: z.object({}),
    output: z.object({
      /** The session cookie (HttpOnly, set by the server at login; script cannot read it). */
      tokenCookie: z.string(),
      /** The readable cookie the server sets and clears with the session cookie: the web's "signed in" hint. */
      signedInCookie: z.string(),
      websocketUrl: z.string(),
      staticBase: z.string(),
      helpUrl: z.string(),
      appId: z.string(),
      experimentUrl: z.string(),
      /** Where module 6's labelling-tool entry opens (a new tab): the workbench unless LABELTOOL_URL names another. */
      labeltoolUrl: z.string(),
      captcha: z.boolean(),
    }),
  }),
  init: procedure({
    path: '/index/init',
    summary: 'The organisation shown on the public pages: the one whose domain is the host, else the first.',
    access: 'public',
    input: z.object({}),
    output: z.object({ site: z.object({ id: z.number().int(), name: z.string(), icon_logo: z.string().nullable() }) }),
  }),
  captcha: procedure({
    path: '/index/captcha',
    summary: 'A new image captcha; its answer stays on the server, is single use and expires.',
    access: 'public',
    input: z.object({}),
    output: z.object({ captcha_id: z.string(), image: z.string(), expires_in: z.number().int() }),
  }),
  login: procedure({
    path: '/index/login',
    summary:
      'Logs in by username or email and password. An unknown account and a wrong password answer the same ' +
      'login_failed; failures are limited per address and delayed per account (docs/ARCHITECTURE.md, Rate limits).',
    access: 'public',
    input: z.object({
      username: z.string().trim().min(1, 'validation.username_required').max(64),
      password: z.string().min(6, 'validation.login_password_length').max(64),
      ...ZCaptchaAnswer,
    }),
    output: ZSessionUser,
    session: 'opens',
  }),
  logout: procedure({
    path: '/index/logout',
    summary: 'Ends the current session.',
    access: 'authenticated',
    input: z.object({}),
    output: ZOk,
    session: 'ends',
  }),
  signupCode: procedure({
    path: '/index/signup-code',
    summary:
      'Step 1 of both sign-ups: mails a code proving the address. Same answer for every address; a taken one ' +
      'gets a mail saying an account exists instead of a code.',
    access: 'public',
    input: z.object({ email: ZEmail, ...ZCaptchaAnswer }),
    output: ZCodeSent,
  }),
  signup: procedure({
    path: '/index/signup',
    summary: 'Registers an organisation and its manager with the mailed sign-up code, and logs the manager in.',
    access: 'public',
    input: z.object({
      site_name: ZSiteName,
      email: ZEmail,
      code: ZEmailCode,
      password: ZSignupPassword,
      mobile: ZMobile,
      agreement: z.boolean(),
    }),
    output: ZSessionUser,
    session: 'opens',
  }),
  forgetPassword: procedure({
    path: '/index/forget-password',
    summary:
      'Step send_code mails a code to the account email (same answer for an address no account has); step reset ' +
      'sets a new password with it.',
    access: 'public',
    input: z.discriminatedUnion('action', [
      z.object({ action: z.literal('send_code'), email: ZEmail, ...ZCaptchaAnswer }),
      z.object({
        action: z.literal('reset'),
        email: ZEmail,
        code: ZEmailCode,
        password: ZSignupPassword,
      }),
    ]),
    output: z.object({ ok: z.literal(true), retry_after: z.number().int().optional() }),
  }),
  loginQuick: procedure({
    path: '/index/login-quick',
    summary: 'Exchanges a one-time quick-login token for a session.',
    access: 'public',
    input: z.object({ access_token: z.string().min(1).max(128) }),
    output: ZSessionUser,
    session: 'opens',
  }),
  quickLoginToken: procedure({
    path: '/user/quick-login-token',
    summary: 'Makes a one-time quick-login token for the caller (opening another tab or tool).',
    access: 'authenticated',
    input: z.object({}),
    output: z.object({ access_token: z.string(), expires_in: z.number().int() }),
  }),
} as const;
