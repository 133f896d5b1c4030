import { teacherProcedures as p, TEACHER_LIMITS } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { applyTeacher, ownApplication } from './apply-teacher.service.ts';
import { changeTeacher, deleteTeacher } from './change-teacher.service.ts';
import { fillInvitedTeacherInfo } from './fill-invited-teacher.service.ts';
import { followedTeachers, followTeacher } from './follow-teacher.service.ts';
import { importTeacherData } from './import-teacher-data.service.ts';
import { importTeacherResume } from './import-teacher-resume.service.ts';
import { importTeachers } from './import-teachers.service.ts';
import { saveTeacherNotice } from './save-teacher-notice.service.ts';
import { searchTeachers } from './teacher-follows.queries.ts';
import { listNoticeItems, listNotices, loadVisibleNotice, readNotice } from './teacher-notices.queries.ts';
import { listTeachers, loadTeacher, teacherRow, teacherStat } from './teachers.queries.ts';
import { verifyTeacher } from './verify-teacher.service.ts';

/** Teachers of the caller's organisation: applications, verification, flags and notices. */
export const teacherImplementations = [
  implement(p.teacherForm, async (_input, ctx) => ({
    limits: { title: TEACHER_LIMITS.title, bio: TEACHER_LIMITS.bio, subjects: TEACHER_LIMITS.subjects },
    application: await ownApplication(ctx),
  })),
  implement(p.teacherCreate, async (input, ctx) => applyTeacher(ctx, input)),
  implement(p.teacherList, async (input, ctx) => {
    const { rows, total } = await listTeachers(ctx.db, ctx.session.siteId, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.teacherDetail, async (input, ctx) => {
    const teacher = await loadTeacher(ctx.db, ctx.session.siteId, input.id);
    return teacherRow(ctx.db, ctx.session.siteId, teacher.id);
  }),
  implement(p.teacherUpdate, async ({ id, ...fields }, ctx) => changeTeacher(ctx, id, fields, 'teacher_update')),
  implement(p.teacherDelete, async (input, ctx) => deleteTeacher(ctx, input)),
  implement(p.teacherVerify, async (input, ctx) => verifyTeacher(ctx, input)),
  implement(p.teacherSetBlacklist, async (input, ctx) =>
    changeTeacher(ctx, input.id, { blacklisted: true }, 'teacher_blacklist'),
  ),
  implement(p.teacherSetWhitelist, async (input, ctx) =>
    changeTeacher(ctx, input.id, { blacklisted: false }, 'teacher_whitelist'),
  ),
  implement(p.teacherSetTop, async (input, ctx) => changeTeacher(ctx, input.id, { top: true }, 'teacher_set_top')),
  implement(p.teacherCancelTop, async (input, ctx) =>
    changeTeacher(ctx, input.id, { top: false }, 'teacher_cancel_top'),
  ),
  implement(p.teacherStat, async (_input, ctx) => teacherStat(ctx.db, ctx.session.siteId)),
  implement(p.teacherNoticeSave, async (input, ctx) => saveTeacherNotice(ctx, input)),
  implement(p.teacherNoticeList, async (input, ctx) => {
    const { rows, total } = await listNotices(ctx.db, ctx.session.siteId, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.teacherNoticeDetail, async (input, ctx) => {
    const notice = await loadVisibleNotice(ctx.db, ctx.session.siteId, input.id);
    return readNotice(ctx.db, notice, ctx.session.userId);
  }),
  implement(p.teacherNoticeItemList, async (input, ctx) => {
    const { rows, total, unreadTotal } = await listNoticeItems(ctx.db, ctx.session.siteId, ctx.session.userId, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize, unread_total: unreadTotal };
  }),
  implement(p.teacherFollowCreate, async (input, ctx) => followTeacher(ctx, input.teacher_id)),
  implement(p.teacherFollowList, async (input, ctx) => followedTeachers(ctx, input)),
  implement(p.teacherAiSearch, async (input, ctx) => {
    const words = [
      ...new Set(
        input.keyword
          .toLowerCase()
          .split(/[\s,，;；、]+/)
          .filter(Boolean),
      ),
    ];
    if (words.length === 0) return { list: [] };
    const list = await searchTeachers(
      ctx.db,
      ctx.session.siteId,
      words.slice(0, TEACHER_LIMITS.searchWords),
      TEACHER_LIMITS.searchResults,
    );
    return { list };
  }),
  implement(p.teacherImport, async (input, ctx) => importTeachers(ctx, input)),
  implement(p.teacherImportResume, async (input, ctx) => importTeacherResume(ctx, input)),
  implement(p.teacherDataImport, async (input, ctx) => importTeacherData(ctx, input)),
  implement(p.teacherInvitationFillInfo, async (input, ctx) => fillInvitedTeacherInfo(ctx, input)),
];
