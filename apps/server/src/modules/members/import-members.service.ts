import { availableParallelism } from 'node:os';
import {
  MEMBER_IMPORT_COLUMNS,
  MEMBER_LIMITS,
  type TMemberImportFailure,
  type TMemberImportResult,
  ZEmail,
  ZMobile,
  ZNickname,
  ZSignupPassword,
  ZUsername,
} from '@app/contracts';
import { schema } from '@app/db';
import { inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { decodeUpload, importFileWrong, readSheet } from '../../platform/spreadsheet.ts';
import { rethrowTaken } from './create-member.service.ts';
import { grantableRoles } from './members.queries.ts';

const { users, siteUsers, siteUserRoles } = schema;
type Column = (typeof MEMBER_IMPORT_COLUMNS)[number];

/** Header titles accepted besides the column keys (the Chinese titles people type). */
const HEADER_ALIASES: Record<string, Column> = {
  用户名: 'username',
  昵称: 'nickname',
  邮箱: 'email',
  手机: 'mobile',
  手机号: 'mobile',
  密码: 'password',
  角色: 'roles',
};
/** Rows per INSERT statement (PostgreSQL takes at most 65,535 parameters). */
const INSERT_CHUNK = 1000;
/** Passwords hashed at once: argon2 runs on libuv's pool, so more would only queue and hold memory. */
const HASH_POOL = Math.max(2, Math.min(8, availableParallelism()));

interface GoodRow {
  username: string;
  nickname: string;
  email: string | null;
  mobile: string | null;
  password: string;
  roles: string[];
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of the answers. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * `/user/import`: one .csv or .xlsx file; each row is checked (username, nickname, email, mobile, password,
 * roles, duplicates in the file, accounts that exist) and the good rows are created in one transaction as
 * active members with their roles (role_student when the cell is empty). Bad rows come back with a reason.
 */
export async function importMembers(
  ctx: TenantContext,
  input: { file_name: string; content: string },
): Promise<TMemberImportResult> {
  const { siteId, userId } = ctx.session;
  const bytes = decodeUpload(input.content);
  if (bytes.length === 0) throw importFileWrong('empty');
  if (bytes.length > MEMBER_LIMITS.importBytes) throw importFileWrong('size', { max: MEMBER_LIMITS.importBytes });
  const sheet = await readSheet(input.file_name, bytes, MEMBER_LIMITS.importRows);
  const position = new Map<Column, number>();
  sheet.header.forEach((title, index) => {
    const column = (MEMBER_IMPORT_COLUMNS as readonly string[]).includes(title)
      ? (title as Column)
      : HEADER_ALIASES[title];
    if (column && !position.has(column)) position.set(column, index);
  });
  const missing = (['username', 'password'] as const).filter((c) => !position.has(c));
  if (missing.length) throw importFileWrong('columns', { missing });
  const cell = (cells: string[], column: Column) => {
    const index = position.get(column);
    return index === undefined ? '' : (cells[index] ?? '');
  };

  const allowedRoles = new Set((await grantableRoles(ctx.db)).map((r) => r.key));
  const failures: TMemberImportResult['failures'] = [];
  const candidates: (GoodRow & { line: number })[] = [];
  const seenUsernames = new Set<string>();
  const seenEmails = new Set<string>();
  for (const { line, cells } of sheet.rows) {
    const username = cell(cells, 'username');
    const fail = (reason: TMemberImportFailure) => failures.push({ row: line, username, reason });
    if (!username) {
      fail('missing_username');
      continue;
    }
    if (!ZUsername.safeParse(username).success) {
      fail('bad_username');
      continue;
    }
    const nickname = cell(cells, 'nickname') || username.slice(0, 20);
    if (!ZNickname.safeParse(nickname).success) {
      fail('bad_nickname');
      continue;
    }
    const email = cell(cells, 'email');
    if (email && !ZEmail.safeParse(email).success) {
      fail('bad_email');
      continue;
    }
    const mobile = cell(cells, 'mobile');
    if (mobile && !ZMobile.safeParse(mobile).success) {
      fail('bad_mobile');
      continue;
    }
    const password = cell(cells, 'password');
    if (!ZSignupPassword.safeParse(password).success) {
      fail('weak_password');
      continue;
    }
    const roleCell = cell(cells, 'roles');
    const roles = roleCell ? [...new Set(roleCell.split(/[,，;；\s]+/).filter(Boolean))] : ['role_student'];
    if (roles.length === 0 || roles.some((role) => !allowedRoles.has(role))) {
      fail('unknown_role');
      continue;
    }
    const usernameKey = username.toLowerCase();
    const emailKey = email.toLowerCase();
    if (seenUsernames.has(usernameKey) || (email && seenEmails.has(emailKey))) {
      fail('duplicate_in_file');
      continue;
    }
    seenUsernames.add(usernameKey);
    if (email) seenEmails.add(emailKey);
    candidates.push({ line, username, nickname, email: email || null, mobile: mobile || null, password, roles });
  }

  // Accounts that exist already, looked up in chunks.
  const takenUsernames = new Set<string>();
  const takenEmails = new Set<string>();
  for (const part of chunks(candidates, INSERT_CHUNK)) {
    const byName = await ctx.db
      .select({ username: users.username })
      .from(users)
      .where(
        inArray(
          users.username,
          part.map((c) => c.username),
        ),
      );
    for (const row of byName) takenUsernames.add(row.username);
    const emails = part.flatMap((c) => (c.email ? [c.email] : []));
    if (emails.length) {
      const byEmail = await ctx.db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
      for (const row of byEmail) if (row.email) takenEmails.add(row.email);
    }
  }
  const good: (GoodRow & { line: number })[] = [];
  for (const candidate of candidates) {
    if (takenUsernames.has(candidate.username)) {
      failures.push({ row: candidate.line, username: candidate.username, reason: 'username_taken' });
    } else if (candidate.email && takenEmails.has(candidate.email)) {
      failures.push({ row: candidate.line, username: candidate.username, reason: 'email_taken' });
    } else {
      good.push(candidate);
    }
  }
  failures.sort((a, b) => a.row - b.row);
  if (good.length === 0) return { success: 0, failures };

  const hashes = await pooled(good, HASH_POOL, (row) => hashPassword(row.password));
  const createdIds = await ctx.db
    .transaction(async (tx) => {
      const ids: number[] = [];
      for (const [chunkIndex, part] of chunks(good, INSERT_CHUNK).entries()) {
        const insertedUsers = await tx
          .insert(users)
          .values(
            part.map((row, i) => ({
              username: row.username,
              nickname: row.nickname,
              email: row.email,
              mobile: row.mobile,
              passwordHash: hashes[chunkIndex * INSERT_CHUNK + i]!,
              currentSiteId: siteId,
            })),
          )
          .returning({ id: users.id, username: users.username });
        const idByName = new Map(insertedUsers.map((u) => [u.username, u.id]));
        const memberships = await tx
          .insert(siteUsers)
          .values(
            part.map((row) => ({
              siteId,
              userId: idByName.get(row.username)!,
              currentRole: row.roles[0]!,
              status: 'active' as const,
            })),
          )
          .returning({ id: siteUsers.id, userId: siteUsers.userId });
        const membershipByUser = new Map(memberships.map((m) => [m.userId, m.id]));
        const roleRows = part.flatMap((row) => {
          const siteUserId = membershipByUser.get(idByName.get(row.username)!)!;
          return row.roles.map((roleKey) => ({ siteUserId, siteId, roleKey }));
        });
        for (const rolePart of chunks(roleRows, INSERT_CHUNK * 3)) await tx.insert(siteUserRoles).values(rolePart);
        ids.push(...insertedUsers.map((u) => u.id));
      }
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'member_import',
        targetType: 'site',
        targetId: siteId,
        details: {
          file_name: input.file_name,
          before: null,
          after: { created: ids.length, failed: failures.length, user_ids: ids },
        },
        ip: ctx.ip,
      });
      return ids;
    })
    .catch(rethrowTaken);
  for (const id of createdIds) await notifyUserChanged(ctx.deps, id);
  return { success: createdIds.length, failures };
}
