import { createHash } from 'node:crypto';
import { TEACHER_LIMITS } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { FILES_URL_PREFIX } from '../../platform/storage.ts';
import { loadTeacher, teacherAuditState, teacherRow } from './teachers.queries.ts';

const { teacherProfiles } = schema;
const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A DOCX is a zip whose entries include the main document part (entry names are stored as plain text). */
const DOCX_PART = Buffer.from('word/document.xml');

/** The resume kind by its bytes (whatever the data URL declares), or null. */
export function resumeKind(bytes: Buffer): 'pdf' | 'docx' | null {
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'pdf';
  if (bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC) && bytes.includes(DOCX_PART)) return 'docx';
  return null;
}

/**
 * `/user/teacher-import-resume`: stores a teacher's resume (a PDF or DOCX data URL, 1 byte to 5 MB) in the
 * file store under `teacher-resumes/<sha256>.<pdf|docx>` and keeps its public URL on the teacher record.
 * Anything else answers `resume_file_wrong` and stores nothing.
 */
export async function importTeacherResume(ctx: TenantContext, input: { teacher_id: number; file: string }) {
  const { siteId, userId } = ctx.session;
  await loadTeacher(ctx.db, siteId, input.teacher_id);
  const prefix = DATA_URL_PREFIX.exec(input.file);
  const payload = prefix ? input.file.slice(prefix[0].length) : '';
  if (!prefix || !BASE64.test(payload)) throw new AppError('resume_file_wrong');
  const bytes = Buffer.from(payload, 'base64');
  const kind = resumeKind(bytes);
  if (!kind || bytes.length > TEACHER_LIMITS.resumeBytes) throw new AppError('resume_file_wrong');
  const relativePath = `teacher-resumes/${createHash('sha256').update(bytes).digest('hex')}.${kind}`;
  if ((await ctx.deps.storage.sizeOf(relativePath)) !== bytes.length) {
    await ctx.deps.storage.saveFile(relativePath, bytes);
  }
  const url = `${FILES_URL_PREFIX}${relativePath}`;
  await ctx.db.transaction(async (tx) => {
    const before = await loadTeacher(tx, siteId, input.teacher_id, true);
    const [after] = await tx
      .update(teacherProfiles)
      .set({ resumeUrl: url })
      .where(eq(teacherProfiles.id, before.id))
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'teacher_import_resume',
      targetType: 'teacher',
      targetId: before.id,
      details: {
        before: { ...teacherAuditState(before), resume_url: before.resumeUrl },
        after: { ...teacherAuditState(after!), resume_url: after!.resumeUrl },
      },
      ip: ctx.ip,
    });
  });
  return teacherRow(ctx.db, siteId, input.teacher_id);
}
