import { COURSE_LIMITS, type TCourseDetail } from '@app/contracts';
import { schema } from '@app/db';
import type { TenantContext } from '../../platform/context.ts';
import { requireEditableCourse } from './course-access.queries.ts';
import { requireRoomFor } from './course-content.queries.ts';
import { courseDetail } from './courses.queries.ts';

/** `YYYY-MM-DD` plus `days` days (calendar arithmetic in UTC, so no time zone moves the date). */
export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

/** Week `n` (1-based) of a course starting on `startsOn`: start + 7(n-1) days to 6 days later; none without a start. */
export function weekDates(startsOn: string | null, n: number): { startsOn: string | null; endsOn: string | null } {
  if (startsOn === null) return { startsOn: null, endsOn: null };
  const first = addDays(startsOn, 7 * (n - 1));
  return { startsOn: first, endsOn: addDays(first, 6) };
}

/**
 * `/dataset-course/chapter-add-weeks`: `count` weekly chapters after the last one, the n-th chapter of the course
 * titled by the pattern with `{n}` replaced by n and dated as week n of the course.
 */
export async function addCourseWeeks(
  ctx: TenantContext,
  input: { course_id: number; count: number; title_pattern: string },
): Promise<TCourseDetail> {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const course = await requireEditableCourse(tx, siteId, ctx.session, input.course_id);
    const existing = await requireRoomFor(tx, siteId, { courseId: course.id }, input.count);
    await tx.insert(schema.courseChapters).values(
      Array.from({ length: input.count }, (_, index) => {
        const n = existing + index + 1;
        return {
          siteId,
          courseId: course.id,
          seq: n,
          title: input.title_pattern.replaceAll('{n}', String(n)).slice(0, COURSE_LIMITS.chapterTitle),
          ...weekDates(course.startsOn, n),
        };
      }),
    );
  });
  return courseDetail(ctx.db, siteId, ctx.session, input.course_id);
}
