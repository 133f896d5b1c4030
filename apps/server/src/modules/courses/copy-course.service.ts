import { COURSE_LIMITS, type TCourseDetail } from '@app/contracts';
import { schema } from '@app/db';
import { translate } from '@app/i18n';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { requireCourse } from './course-access.queries.ts';
import { courseContentRows } from './course-content.queries.ts';
import { courseTeam } from './course-team.queries.ts';
import { courseAuditState, courseDetail } from './courses.queries.ts';

const { courses, courseTeachers, courseChapters, courseTasks } = schema;

/**
 * `/dataset-course/copy` (anyone who may view the course): a new draft "<name> (copy)" owned by the caller with the
 * same category, cover, description, dates, chapters and tasks, and the same teaching team (the former owner as a
 * co-teacher who may edit). Classes are not copied (a copy is for another class or term, and the same classes would
 * see the course twice), nor is any student's work, nor the course's interactions and live rooms.
 */
export async function copyCourse(ctx: TenantContext, id: number): Promise<TCourseDetail> {
  const { siteId, userId } = ctx.session;
  const copyId = await ctx.db.transaction(async (tx) => {
    const { course } = await requireCourse(tx, siteId, ctx.session, id, 'view');
    const suffix = translate(ctx.lang, 'courses.copy_suffix');
    const [copy] = await tx
      .insert(courses)
      .values({
        siteId,
        categoryId: course.categoryId,
        name: `${course.name.slice(0, COURSE_LIMITS.name - suffix.length)}${suffix}`,
        cover: course.cover,
        description: course.description,
        ownerId: userId,
        status: 'draft',
        startsOn: course.startsOn,
        endsOn: course.endsOn,
        copiedFromId: course.id,
      })
      .returning();
    const team = await courseTeam(tx, siteId, course.id);
    const teachers = new Map(team.map((t) => [t.user_id, t.can_edit]));
    if (course.ownerId !== null) teachers.set(course.ownerId, true);
    teachers.delete(userId);
    if (teachers.size > 0) {
      await tx
        .insert(courseTeachers)
        .values(
          [...teachers].map(([teacherId, canEdit]) => ({ courseId: copy!.id, userId: teacherId, siteId, canEdit })),
        );
    }
    const { chapters, tasks } = await courseContentRows(tx, siteId, course.id);
    for (const chapter of chapters) {
      const [made] = await tx
        .insert(courseChapters)
        .values({
          siteId,
          courseId: copy!.id,
          seq: chapter.seq,
          title: chapter.title,
          startsOn: chapter.startsOn,
          endsOn: chapter.endsOn,
        })
        .returning({ id: courseChapters.id });
      const own = tasks.filter((task) => task.chapterId === chapter.id);
      if (own.length === 0) continue;
      await tx.insert(courseTasks).values(
        // Interactions and live rooms belong to their course and are not copied: an interact or live task of the
        // copy points at none.
        own.map(({ id: _id, createdAt: _c, updatedAt: _u, ...task }) => ({
          ...task,
          interactionId: null,
          liveRoomId: null,
          courseId: copy!.id,
          chapterId: made!.id,
        })),
      );
    }
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_copy',
      targetType: 'course',
      targetId: copy!.id,
      details: { before: null, after: { ...courseAuditState(copy!), copied_from_id: course.id } },
      ip: ctx.ip,
    });
    return copy!.id;
  });
  return courseDetail(ctx.db, siteId, ctx.session, copyId);
}
