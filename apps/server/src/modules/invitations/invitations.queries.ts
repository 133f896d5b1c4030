import { invitationLink, type TInvitationRow, type TPendingMemberRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, desc, eq, gt, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';

const { invitations, users, siteUsers, auditLogs } = schema;

const invitationColumns = {
  invitation: invitations,
  creatorNickname: users.nickname,
};

type InvitationWithCreator = { invitation: typeof invitations.$inferSelect; creatorNickname: string | null };

/** An invitation as the contract shows it; `expired` is judged now. */
export function presentInvitation(row: InvitationWithCreator): TInvitationRow {
  const { invitation } = row;
  return {
    id: invitation.id,
    token: invitation.token,
    link: invitationLink(invitation.token),
    remarks: invitation.remarks,
    visits: invitation.visits,
    signups: invitation.signups,
    status: invitation.status,
    expired: invitation.expiresAt.getTime() <= Date.now(),
    expires_at: invitation.expiresAt.toISOString(),
    created_at: invitation.createdAt.toISOString(),
    creator_nickname: row.creatorNickname,
  };
}

export interface InvitationFilter {
  keyword?: string;
  status?: 'using' | 'stopped' | 'expired';
  page: number;
  pageSize: number;
}

/** One page of an organisation's invitations, newest first. */
export async function listInvitations(db: Executor, siteId: number, filter: InvitationFilter) {
  const { rows, total } = await listInvitationRecords(db, siteId, filter);
  return { rows: rows.map(presentInvitation), total };
}

/** One page of the invitations of an organisation (or of every one when siteId is null), newest first. */
export async function listInvitationRecords(db: Executor, siteId: number | null, filter: InvitationFilter) {
  const conditions: SQL[] = siteId === null ? [] : [eq(invitations.siteId, siteId)];
  if (filter.status === 'stopped') conditions.push(eq(invitations.status, 'stopped'));
  if (filter.status === 'using')
    conditions.push(eq(invitations.status, 'using'), gt(invitations.expiresAt, sql`now()`));
  if (filter.status === 'expired') {
    conditions.push(eq(invitations.status, 'using'), lte(invitations.expiresAt, sql`now()`));
  }
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(or(ilike(invitations.remarks, pattern), ilike(invitations.token, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(invitationColumns)
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.createdBy))
      .where(where)
      .orderBy(desc(invitations.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(invitations).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One invitation of the organisation, or undefined (another organisation's id is not found either). */
export async function findInvitation(db: Executor, siteId: number, id: number): Promise<TInvitationRow | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.createdBy))
    .where(and(eq(invitations.siteId, siteId), eq(invitations.id, id)))
    .limit(1);
  return row ? presentInvitation(row) : undefined;
}

/** Locks one invitation of the organisation for a change in the caller's transaction. */
export async function lockInvitation(tx: Executor, siteId: number, id: number) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.siteId, siteId), eq(invitations.id, id)))
    .for('update');
  return row;
}

/** Locks the organisation's memberships among `ids` (other organisations' ids are left out). */
export async function lockMemberships(tx: Executor, siteId: number, ids: readonly number[]) {
  return tx
    .select({ id: siteUsers.id, userId: siteUsers.userId, status: siteUsers.status })
    .from(siteUsers)
    .where(and(eq(siteUsers.siteId, siteId), inArray(siteUsers.id, [...ids])))
    .orderBy(asc(siteUsers.id))
    .for('update');
}

/** Lower-cased emails among `emails` that an account already has. */
export async function takenEmails(db: Executor, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...emails]));
  return new Set(rows.map((r) => r.email));
}

/**
 * One page of the organisation's pending memberships, oldest first, with the remarks of the invitation each
 * person signed up through (read from the sign-up's audit line, which names the invitation).
 */
export async function listPendingMembers(
  db: Executor,
  siteId: number,
  filter: { keyword?: string; page: number; pageSize: number },
): Promise<{ rows: TPendingMemberRow[]; total: number }> {
  const conditions: SQL[] = [eq(siteUsers.siteId, siteId), eq(siteUsers.status, 'pending')];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(users.nickname, pattern),
        ilike(users.email, pattern),
        ilike(users.mobile, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const remarks = sql<string | null>`(
    select i.remarks from ${auditLogs} a
    join ${invitations} i on i.id::text = a.target_id and i.site_id = a.site_id
    where a.site_id = ${siteUsers.siteId} and a.user_id = ${siteUsers.userId}
      and a.action = 'registered_by_invitation' and a.target_type = 'invitation'
    order by a.id desc limit 1)`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: siteUsers.id,
        userId: users.id,
        username: users.username,
        nickname: users.nickname,
        email: users.email,
        mobile: users.mobile,
        joinedAt: siteUsers.joinedAt,
        remarks,
      })
      .from(siteUsers)
      .innerJoin(users, eq(users.id, siteUsers.userId))
      .where(where)
      .orderBy(asc(siteUsers.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(siteUsers)
      .innerJoin(users, eq(users.id, siteUsers.userId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      user_id: row.userId,
      username: row.username,
      nickname: row.nickname,
      email: row.email,
      mobile: row.mobile,
      joined_at: row.joinedAt.toISOString(),
      invitation_remarks: row.remarks,
    })),
    total: counted?.total ?? 0,
  };
}

/** What the audit log keeps of an invitation before and after a change. */
export function invitationAuditState(row: typeof invitations.$inferSelect) {
  return { remarks: row.remarks, status: row.status, expires_at: row.expiresAt.toISOString() };
}
