import type { TCourseRole } from '@app/contracts';
import type { Executor } from '@app/db';
import { AppError } from '../../platform/errors.ts';

/** Who is asking: the user and the keys of their current role. */
export interface MapCaller {
  userId: number;
  permissions: ReadonlySet<string>;
}

/** The caller's part in a course (null: none) and whether the course is archived (read-only). */
export interface MapCourse {
  role: TCourseRole | null;
  archived: boolean;
}

/** Reads the caller's part in a course of the organisation; a course not of it answers not_found. */
export type CourseRoleReader = (
  db: Executor,
  siteId: number,
  caller: MapCaller,
  courseId: number,
) => Promise<MapCourse>;

let reader: CourseRoleReader | null = null;

/**
 * The courses module says who takes part in a course (it imports this module, so this one cannot import it back).
 * Registered once when the courses module loads; until then nobody takes part in any course.
 */
export function registerCourseRoles(read: CourseRoleReader): void {
  reader = read;
}

/** The caller's part in a course of the organisation (not_found for another organisation's or an unknown course). */
export async function courseRoleOf(db: Executor, siteId: number, caller: MapCaller, courseId: number) {
  if (reader === null) throw new AppError('not_found');
  return reader(db, siteId, caller, courseId);
}
