import {
  TEACHER_IMPORT_COLUMNS,
  TEACHER_LIMITS,
  type TTeacherImportFailure,
  type TTeacherImportResult,
} from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { decodeUpload, importFileWrong, readSheet } from '../../platform/spreadsheet.ts';

const { users, siteUsers, siteUserRoles, teacherProfiles } = schema;
type Column = (typeof TEACHER_IMPORT_COLUMNS)[number];

/** Header titles accepted besides the column keys (the Chinese titles people type). */
const HEADER_ALIASES: Record<string, Column> = {
  用户名: 'username',
  职称: 'title',
  头衔: 'title',
  科目: 'subjects',
  学科: 'subjects',
};
/** Usernames looked up per query. */
const LOOKUP_CHUNK = 1000;

interface GoodRow {
  line: number;
  username: string;
  title: string;
  subjects: string[];
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * `/user/teacher-import`: one .csv or .xlsx file of usernames, titles and subjects. Each row must name an
 * active member of the organisation with no verified or blacklisted teacher record; good rows become verified
 * teachers (a pending or rejected application is verified with the file's title and subjects) holding
 * role_teacher, together in one transaction. Bad rows come back with a reason.
 */
export async function importTeachers(
  ctx: TenantContext,
  input: { file_name: string; content: string },
): Promise<TTeacherImportResult> {
  const { siteId, userId } = ctx.session;
  const bytes = decodeUpload(input.content);
  if (bytes.length === 0) throw importFileWrong('empty');
  if (bytes.length > TEACHER_LIMITS.importBytes) throw importFileWrong('size', { max: TEACHER_LIMITS.importBytes });
  const sheet = await readSheet(input.file_name, bytes, TEACHER_LIMITS.importRows);
  const position = new Map<Column, number>();
  sheet.header.forEach((title, index) => {
    const column = (TEACHER_IMPORT_COLUMNS as readonly string[]).includes(title)
      ? (title as Column)
      : HEADER_ALIASES[title];
    if (column && !position.has(column)) position.set(column, index);
  });
  if (!position.has('username')) throw importFileWrong('columns', { missing: ['username'] });
  const cell = (cells: string[], column: Column) => {
    const index = position.get(column);
    return index === undefined ? '' : (cells[index] ?? '');
  };

  const failures: TTeacherImportResult['failures'] = [];
  const candidates: GoodRow[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of sheet.rows) {
    const username = cell(cells, 'username');
    const fail = (reason: TTeacherImportFailure) => failures.push({ row: line, username, reason });
    if (!username) {
      fail('missing_username');
      continue;
    }
    const title = cell(cells, 'title');
    if (title.length > TEACHER_LIMITS.title) {
      fail('bad_title');
      continue;
    }
    const subjects = [
      ...new Set(
        cell(cells, 'subjects')
          .split(/[,，;；、\s]+/)
          .filter(Boolean),
      ),
    ];
    if (subjects.length > TEACHER_LIMITS.subjects || subjects.some((s) => s.length > TEACHER_LIMITS.subject)) {
      fail('bad_subjects');
      continue;
    }
    const key = username.toLowerCase();
    if (seen.has(key)) {
      fail('duplicate_in_file');
      continue;
    }
    seen.add(key);
    candidates.push({ line, username, title, subjects });
  }

  // Active members of the organisation and their teacher records, looked up in chunks.
  const members = new Map<string, { userId: number; siteUserId: number }>();
  const profiles = new Map<number, { status: string; blacklisted: boolean }>();
  for (const part of chunks(candidates, LOOKUP_CHUNK)) {
    const rows = await ctx.db
      .select({
        username: users.username,
        userId: users.id,
        siteUserId: siteUsers.id,
        status: teacherProfiles.status,
        blacklisted: teacherProfiles.blacklisted,
      })
      .from(users)
      .innerJoin(siteUsers, and(eq(siteUsers.userId, users.id), eq(siteUsers.siteId, siteId)))
      .leftJoin(teacherProfiles, and(eq(teacherProfiles.userId, users.id), eq(teacherProfiles.siteId, siteId)))
      .where(
        and(
          eq(siteUsers.status, 'active'),
          inArray(
            users.username,
            part.map((c) => c.username),
          ),
        ),
      );
    for (const row of rows) {
      members.set(row.username, { userId: row.userId, siteUserId: row.siteUserId });
      if (row.status !== null) profiles.set(row.userId, { status: row.status, blacklisted: row.blacklisted ?? false });
    }
  }
  const good: (GoodRow & { userId: number; siteUserId: number })[] = [];
  for (const candidate of candidates) {
    const member = members.get(candidate.username);
    const profile = member && profiles.get(member.userId);
    const fail = (reason: TTeacherImportFailure) =>
      failures.push({ row: candidate.line, username: candidate.username, reason });
    if (!member) fail('not_member');
    else if (profile?.blacklisted) fail('blacklisted');
    else if (profile?.status === 'verified') fail('already_teacher');
    else good.push({ ...candidate, ...member });
  }
  failures.sort((a, b) => a.row - b.row);
  if (good.length === 0) return { success: 0, failures };

  const now = new Date();
  const created = await ctx.db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const part of chunks(good, LOOKUP_CHUNK)) {
      const rows = await tx
        .insert(teacherProfiles)
        .values(
          part.map((row) => ({
            siteId,
            userId: row.userId,
            title: row.title,
            subjects: row.subjects,
            status: 'verified' as const,
            verifiedAt: now,
            verifiedBy: userId,
          })),
        )
        .onConflictDoUpdate({
          target: [teacherProfiles.siteId, teacherProfiles.userId],
          set: {
            title: sql`excluded.title`,
            subjects: sql`excluded.subjects`,
            status: 'verified',
            rejectReason: null,
            verifiedAt: now,
            verifiedBy: userId,
          },
          // A record blacklisted or verified since the check above is left alone.
          setWhere: and(eq(teacherProfiles.blacklisted, false), sql`${teacherProfiles.status} <> 'verified'`),
        })
        .returning({ id: teacherProfiles.id, userId: teacherProfiles.userId });
      const importedUsers = new Set(rows.map((r) => r.userId));
      const roleRows = part
        .filter((row) => importedUsers.has(row.userId))
        .map((row) => ({ siteUserId: row.siteUserId, siteId, roleKey: 'role_teacher' }));
      if (roleRows.length) await tx.insert(siteUserRoles).values(roleRows).onConflictDoNothing();
      ids.push(...rows.map((r) => r.userId));
    }
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'teacher_import',
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
  });
  for (const id of created) await notifyUserChanged(ctx.deps, id);
  return { success: created.length, failures };
}
