import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { LIMITS } from '../rules.ts';

/** Limits of invitations and of the approval of pending members (the link's 48 h are LIMITS.inviteHours). */
export const INVITATION_LIMITS = {
  /** Remarks of an invitation, 0 to 255 characters. */
  remarks: 255,
  /** Lines of one "invite by email" list. */
  emailLines: 200,
  /** Characters of one "invite by email" list (200 lines of at most 32 characters with room for spaces). */
  emailText: 10_000,
  /** Memberships approved or rejected in one call. */
  batch: 100,
} as const;

/** The page a person opens to sign up through an invitation. */
export function invitationLink(token: string): string {
  return `/register/${token}`;
}

const ZId = z.number().int().positive();
const ZRemarks = z.string().trim().max(INVITATION_LIMITS.remarks);

export const ZInvitationRow = z.object({
  id: z.number().int(),
  token: z.string(),
  /** Path of the sign-up page (`/register/<token>`); the web client puts its own origin in front. */
  link: z.string(),
  remarks: z.string(),
  visits: z.number().int(),
  signups: z.number().int(),
  status: z.enum(['using', 'stopped']),
  /** The 48 h are over: the link cannot be used although its status may still say `using`. */
  expired: z.boolean(),
  expires_at: z.string(),
  created_at: z.string(),
  creator_nickname: z.string().nullable(),
});
export type TInvitationRow = z.infer<typeof ZInvitationRow>;

export const ZPendingMemberRow = z.object({
  /** The membership (site_users) id: what /user/approve and /user/reject take. */
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  joined_at: z.string(),
  /** Remarks of the invitation the person signed up through (null when it was deleted since). */
  invitation_remarks: z.string().nullable(),
});
export type TPendingMemberRow = z.infer<typeof ZPendingMemberRow>;

export const INVITE_EMAIL_FAILURES = ['format', 'exists', 'duplicate'] as const;
export type TInviteEmailFailure = (typeof INVITE_EMAIL_FAILURES)[number];

const ZMembershipIds = z
  .array(ZId)
  .min(1)
  .max(INVITATION_LIMITS.batch)
  .transform((ids) => [...new Set(ids)]);

const ZBatchOutput = z.object({ count: z.number().int() });

export const invitationProcedures = {
  invitationList: procedure({
    path: '/invitation/list',
    summary: "Invitation links of the caller's organisation, newest first; the keyword searches remarks and token.",
    input: ZListInput.extend({
      /** `using` = in use and not expired, `expired` = in use but past its 48 h, `stopped` = stopped. */
      status: z.enum(['using', 'stopped', 'expired']).optional(),
    }),
    output: listOutput(ZInvitationRow),
  }),
  invitationDetail: procedure({
    path: '/invitation/detail',
    summary: 'One invitation link of the organisation.',
    input: z.object({ id: ZId }),
    output: ZInvitationRow,
    tenantIds: { id: 'invitation' },
  }),
  invitationForm: procedure({
    path: '/invitation/form',
    summary: 'What the invitation forms need: how long a link lasts and the limits of remarks and email lists.',
    input: z.object({}),
    output: z.object({
      validity_hours: z.number().int(),
      remarks_max: z.number().int(),
      email_lines_max: z.number().int(),
    }),
  }),
  invitationCreate: procedure({
    path: '/invitation/create',
    summary: `A new invitation link (random token, in use, valid ${LIMITS.inviteHours} h).`,
    input: z.object({ remarks: ZRemarks.default('') }),
    output: ZInvitationRow,
  }),
  invitationUpdate: procedure({
    path: '/invitation/update',
    summary: "Changes an invitation's remarks.",
    input: z.object({ id: ZId, remarks: ZRemarks }),
    output: ZInvitationRow,
    tenantIds: { id: 'invitation' },
  }),
  invitationDelete: procedure({
    path: '/invitation/delete',
    summary: 'Deletes an invitation link (memberships made through it stay).',
    input: z.object({ id: ZId }),
    output: z.object({ ok: z.literal(true) }),
    tenantIds: { id: 'invitation' },
  }),
  invitationStartUsing: procedure({
    path: '/invitation/start-using',
    summary: `Puts an invitation in use again and renews its ${LIMITS.inviteHours} h from now.`,
    input: z.object({ id: ZId }),
    output: ZInvitationRow,
    tenantIds: { id: 'invitation' },
  }),
  invitationStopUsing: procedure({
    path: '/invitation/stop-using',
    summary: 'Stops an invitation: its link no longer signs anyone up (conflict when already stopped).',
    input: z.object({ id: ZId }),
    output: ZInvitationRow,
    tenantIds: { id: 'invitation' },
  }),
  invitationInviteEmails: procedure({
    path: '/invitation/invite-emails',
    summary:
      'Mails a fresh invitation link to each address (one per line); bad formats, duplicates and emails of existing accounts come back as failures.',
    input: z.object({
      emails: z
        .string()
        .max(INVITATION_LIMITS.emailText)
        .refine((text) => text.trim() !== '', 'validation.required')
        .refine((text) => text.split(/\r?\n/).length <= INVITATION_LIMITS.emailLines, 'validation.too_long'),
    }),
    output: z.object({
      sent: z.array(z.string()),
      failures: z.array(z.object({ line: z.number().int(), email: z.string(), reason: z.enum(INVITE_EMAIL_FAILURES) })),
    }),
  }),
  pendingList: procedure({
    path: '/user/pending-list',
    summary: "People who signed up through the organisation's invitations and wait for approval.",
    input: ZListInput,
    output: listOutput(ZPendingMemberRow),
  }),
  approve: procedure({
    path: '/user/approve',
    summary: 'Approves pending memberships: the people can log in to the organisation.',
    input: z.object({ ids: ZMembershipIds }),
    output: ZBatchOutput,
    tenantIds: { ids: 'membership' },
  }),
  reject: procedure({
    path: '/user/reject',
    summary: 'Rejects pending memberships: they are deleted (the accounts stay, without this organisation).',
    input: z.object({ ids: ZMembershipIds }),
    output: ZBatchOutput,
    tenantIds: { ids: 'membership' },
  }),
} as const;
