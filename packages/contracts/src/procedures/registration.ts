import { z } from 'zod';
import { procedure } from '../procedure.ts';
import { ZEmail, ZEmailCode, ZMobile, ZNickname, ZSignupPassword } from '../rules.ts';

/** An invitation link's token (the `{id}` of the /register/{id} page). */
const ZInvitationToken = z.string().trim().min(1).max(64);

/** Usernames people choose when signing up through an invitation: 3 to 32 letters, digits or underscores. */
export const ZUsername = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/);

export const registrationProcedures = {
  invitationInfo: procedure({
    path: '/invitation/public-info',
    summary: 'What an invitation link leads to (organisation, expiry, whether it can be used); counts a visit.',
    access: 'public',
    // The token is not a tenant record id: it is the public secret of the link, valid from any origin.
    input: z.object({ token: ZInvitationToken }),
    output: z.object({
      site: z.object({ id: z.number().int(), name: z.string() }),
      expires_at: z.string(),
      usable: z.boolean(),
    }),
  }),
  register: procedure({
    path: '/index/register',
    summary:
      'Signs up through an invitation with the mailed sign-up code: a new account whose membership waits for the ' +
      "organisation's approval.",
    access: 'public',
    input: z.object({
      invitation: ZInvitationToken,
      username: ZUsername,
      nickname: ZNickname,
      email: ZEmail,
      /** From `/index/signup-code`. */
      code: ZEmailCode,
      mobile: ZMobile,
      password: ZSignupPassword,
    }),
    output: z.object({ ok: z.literal(true), pending: z.literal(true), site_name: z.string() }),
  }),
} as const;
