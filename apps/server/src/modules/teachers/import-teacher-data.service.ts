import {
  TEACHER_DATA_COLUMNS,
  TEACHER_LIMITS,
  type TTeacherDataFailure,
  type TTeacherDataImportResult,
} from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { decodeUpload, importFileWrong, readSheet } from '../../platform/spreadsheet.ts';
import { teacherAuditState } from './teachers.queries.ts';

const { users, teacherProfiles } = schema;
type Column = (typeof TEACHER_DATA_COLUMNS)[number];

/** Header titles accepted besides the column keys (the Chinese titles people type). */
const HEADER_ALIASES: Record<string, Column> = {
  用户名: 'username',
  手机号: 'mobile',
  手机: 'mobile',
  职称: 'title',
  头衔: 'title',
  科目: 'subjects',
  学科: 'subjects',
  简介: 'bio',
  介绍: 'bio',
};

interface Change {
  title?: string;
  subjects?: string[];
  bio?: string;
}

/**
 * `/user/teacher-data-import`: one .csv or .xlsx file of teacher profile data. Each row names a teacher record
 * of the organisation (any status) by username, else by mobile (a mobile shared by several teachers is
 * `mobile_ambiguous`); its non-empty title, subjects and introduction replace the record's. Good rows are
 * written together in one transaction and audited with before/after; bad rows come back with a reason.
 */
export async function importTeacherData(
  ctx: TenantContext,
  input: { file_name: string; content: string },
): Promise<TTeacherDataImportResult> {
  const { siteId, userId } = ctx.session;
  const bytes = decodeUpload(input.content);
  if (bytes.length === 0) throw importFileWrong('empty');
  if (bytes.length > TEACHER_LIMITS.importBytes) throw importFileWrong('size', { max: TEACHER_LIMITS.importBytes });
  const sheet = await readSheet(input.file_name, bytes, TEACHER_LIMITS.importRows);
  const position = new Map<Column, number>();
  sheet.header.forEach((title, index) => {
    const column = (TEACHER_DATA_COLUMNS as readonly string[]).includes(title)
      ? (title as Column)
      : HEADER_ALIASES[title];
    if (column && !position.has(column)) position.set(column, index);
  });
  if (!position.has('username') && !position.has('mobile')) {
    throw importFileWrong('columns', { missing: ['username', 'mobile'] });
  }
  const cell = (cells: string[], column: Column) => {
    const index = position.get(column);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };

  // Every teacher record of the organisation, by username and by mobile (a few thousand at most).
  const teachers = await ctx.db
    .select({ profile: teacherProfiles, username: users.username, mobile: users.mobile })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(eq(teacherProfiles.siteId, siteId));
  const byUsername = new Map(teachers.map((t) => [t.username.toLowerCase(), t]));
  const byMobile = new Map<string, (typeof teachers)[number][]>();
  for (const t of teachers) {
    if (t.mobile) byMobile.set(t.mobile, [...(byMobile.get(t.mobile) ?? []), t]);
  }

  const failures: TTeacherDataImportResult['failures'] = [];
  const changes = new Map<number, { row: (typeof teachers)[number]; change: Change }>();
  for (const { line, cells } of sheet.rows) {
    const username = cell(cells, 'username');
    const mobile = cell(cells, 'mobile');
    const key = username || mobile;
    const fail = (reason: TTeacherDataFailure) => failures.push({ row: line, key, reason });
    if (!key) {
      fail('missing_key');
      continue;
    }
    let found: (typeof teachers)[number] | undefined;
    if (username) found = byUsername.get(username.toLowerCase());
    else {
      const matches = byMobile.get(mobile) ?? [];
      if (matches.length > 1) {
        fail('mobile_ambiguous');
        continue;
      }
      found = matches[0];
    }
    if (!found) {
      fail('not_teacher');
      continue;
    }
    const change: Change = {};
    const title = cell(cells, 'title');
    if (title.length > TEACHER_LIMITS.title) {
      fail('bad_title');
      continue;
    }
    if (title) change.title = title;
    const subjectsText = cell(cells, 'subjects');
    const subjects = [...new Set(subjectsText.split(/[,，;；、\s]+/).filter(Boolean))];
    if (subjects.length > TEACHER_LIMITS.subjects || subjects.some((s) => s.length > TEACHER_LIMITS.subject)) {
      fail('bad_subjects');
      continue;
    }
    if (subjects.length) change.subjects = subjects;
    const bio = cell(cells, 'bio');
    if (bio.length > TEACHER_LIMITS.bio) {
      fail('bad_bio');
      continue;
    }
    if (bio) change.bio = bio;
    if (changes.has(found.profile.id)) {
      fail('duplicate_in_file');
      continue;
    }
    changes.set(found.profile.id, { row: found, change });
  }
  failures.sort((a, b) => a.row - b.row);
  if (changes.size === 0) return { success: 0, failures };

  await ctx.db.transaction(async (tx) => {
    const audit: { id: number; before: unknown; after: unknown }[] = [];
    for (const [id, { row, change }] of changes) {
      if (!Object.keys(change).length) continue;
      const [after] = await tx.update(teacherProfiles).set(change).where(eq(teacherProfiles.id, id)).returning();
      audit.push({ id, before: teacherAuditState(row.profile), after: teacherAuditState(after!) });
    }
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'teacher_data_import',
      targetType: 'site',
      targetId: siteId,
      details: {
        file_name: input.file_name,
        updated: changes.size,
        failed: failures.length,
        before: audit.map((a) => ({ id: a.id, ...(a.before as object) })),
        after: audit.map((a) => ({ id: a.id, ...(a.after as object) })),
      },
      ip: ctx.ip,
    });
  });
  return { success: changes.size, failures };
}
