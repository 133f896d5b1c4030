import { invitationLink, type TInviteEmailFailure, ZEmail } from '@app/contracts';
import { schema } from '@app/db';
import { translate } from '@app/i18n';
import { eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { siteDisplayName } from '../../platform/site-name.ts';
import { insertInvitation } from './insert-invitation.ts';
import { takenEmails } from './invitations.queries.ts';
import { inviteHours } from './invite-hours.ts';

export interface InviteEmailFailure {
  /** 1-based line of the list. */
  line: number;
  email: string;
  reason: TInviteEmailFailure;
}

/**
 * Reads the list (one address per line; blank lines are skipped): each line is a candidate, or a failure
 * for a bad format or for repeating an address of an earlier line (compared without case).
 */
export function parseEmailList(text: string): {
  candidates: { line: number; email: string }[];
  failures: InviteEmailFailure[];
} {
  const candidates: { line: number; email: string }[] = [];
  const failures: InviteEmailFailure[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const email = raw.trim();
    const line = index + 1;
    if (email === '') return;
    if (!ZEmail.safeParse(email).success) {
      failures.push({ line, email, reason: 'format' });
      return;
    }
    const key = email.toLowerCase();
    if (seen.has(key)) {
      failures.push({ line, email, reason: 'duplicate' });
      return;
    }
    seen.add(key);
    candidates.push({ line, email });
  });
  return { candidates, failures };
}

/**
 * `/invitation/invite-emails`: mails each new address a fresh invitation link of the caller's organisation
 * (one invitation per address, its remarks the address, in use for 48 h). An address that any account
 * already has is reported as `exists`: signing up through a link makes a new account, which that address
 * cannot have. Invitations, mails (through the outbox) and audit lines are written in one transaction.
 */
export async function inviteEmails(ctx: TenantContext, input: { emails: string }) {
  const { siteId, userId } = ctx.session;
  const { candidates, failures } = parseEmailList(input.emails);
  const taken = await takenEmails(
    ctx.db,
    candidates.map((c) => c.email.toLowerCase()),
  );
  const fresh = candidates.filter((c) => {
    if (!taken.has(c.email.toLowerCase())) return true;
    failures.push({ line: c.line, email: c.email, reason: 'exists' });
    return false;
  });
  failures.sort((a, b) => a.line - b.line);
  if (fresh.length) {
    const [place] = await ctx.db
      .select({ site: schema.sites, inviter: schema.users.nickname })
      .from(schema.sites)
      .innerJoin(schema.users, eq(schema.users.id, userId))
      .where(eq(schema.sites.id, siteId));
    if (!place) throw new AppError('not_found');
    const site = siteDisplayName(place.site, ctx.lang);
    const hours = await inviteHours(ctx.db, siteId);
    await ctx.db.transaction(async (tx) => {
      for (const { email } of fresh) {
        const address = email.toLowerCase();
        const invitation = await insertInvitation(tx, ctx, address, {
          action: 'invitation_invite_email',
          details: { email: address },
        });
        await ctx.deps.mailer.queue(tx, {
          to: address,
          subject: translate(ctx.lang, 'mail.invitation_subject', { site }),
          body: translate(ctx.lang, 'mail.invitation_body', {
            site,
            inviter: place.inviter,
            link: `${ctx.origin}${invitationLink(invitation.token)}`,
            hours,
          }),
        });
      }
    });
    void ctx.deps.mailer.flush();
  }
  return { sent: fresh.map((c) => c.email), failures };
}
