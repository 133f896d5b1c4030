import { schema } from '@app/db';
import type { AuthedContext } from '../../platform/context.ts';
import { memberSite } from './apply-teacher.service.ts';
import { listFollowed, loadListedTeacher } from './teacher-follows.queries.ts';

const { teacherFollows } = schema;

/**
 * `/user/teacher-follow-create`: the caller, an active member of their current organisation, follows one of
 * its verified, not blacklisted teachers (`teacher_not_verified` otherwise; another organisation's teacher is
 * `not_found`). Following again changes nothing.
 */
export async function followTeacher(ctx: AuthedContext, teacherId: number) {
  const siteId = await memberSite(ctx);
  const teacher = await loadListedTeacher(ctx.db, siteId, teacherId);
  await ctx.db
    .insert(teacherFollows)
    .values({ teacherProfileId: teacher.id, userId: ctx.session.userId })
    .onConflictDoNothing();
  return { ok: true as const };
}

/** `/user/teacher-follow-list`: the caller's followed teachers of the current organisation. */
export async function followedTeachers(
  ctx: AuthedContext,
  input: { keyword?: string; page: number; pageSize: number },
) {
  const { siteId, userId } = ctx.session;
  if (siteId === null) return { list: [], total: 0, page: input.page, pageSize: input.pageSize };
  const { rows, total } = await listFollowed(ctx.db, siteId, userId, input);
  return { list: rows, total, page: input.page, pageSize: input.pageSize };
}
