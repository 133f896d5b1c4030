import { KNOWLEDGE_MAP_MANAGE_ALL_KEY } from '@app/contracts';
import type { Executor } from '@app/db';
import { AppError } from '../../platform/errors.ts';
import { courseRoleOf, type MapCaller } from './course-roles.ts';
import { type KnowledgeMapRecord, loadMap } from './knowledge-maps.queries.ts';

/**
 * The policy of knowledge map writes, the one check every map and node write goes through (creating a map, changing,
 * enabling, disabling or deleting it, and creating, changing, moving or deleting its nodes and linking questions):
 *
 * - content managers (`KNOWLEDGE_MAP_MANAGE_ALL_KEY`) write every map of the organisation;
 * - a map made for a course (`course_id`) is written by whoever may edit that course: its owner, a co-teacher who
 *   may edit, a manager (the courses module says who) — not while the course is archived (course_archived);
 * - anybody else, and everybody but content managers on a map of the organisation, gets knowledge_map_not_editable.
 *
 * A course of another organisation answers not_found (only a new map names one).
 */
export async function authorizeMapWrite(
  db: Executor,
  siteId: number,
  caller: MapCaller,
  map: Pick<KnowledgeMapRecord, 'courseId'>,
): Promise<void> {
  const managesAll = caller.permissions.has(KNOWLEDGE_MAP_MANAGE_ALL_KEY);
  if (map.courseId === null) {
    if (managesAll) return;
    throw new AppError('knowledge_map_not_editable');
  }
  const course = await courseRoleOf(db, siteId, caller, map.courseId);
  if (managesAll) return;
  if (course.role === null || course.role === 'viewer') throw new AppError('knowledge_map_not_editable');
  if (course.archived) throw new AppError('course_archived');
}

/** A map of the organisation (locked when asked) the caller may write, by the policy above. */
export async function loadEditableMap(
  db: Executor,
  siteId: number,
  caller: MapCaller,
  id: number,
  lock = false,
): Promise<KnowledgeMapRecord> {
  const map = await loadMap(db, siteId, id, lock);
  await authorizeMapWrite(db, siteId, caller, map);
  return map;
}

/**
 * The map list's course filter: a course the caller may view (any part in it), any course of the organisation for
 * content managers; else not_found, as the courses module answers.
 */
export async function assertCourseMapsVisible(
  db: Executor,
  siteId: number,
  caller: MapCaller,
  courseId: number,
): Promise<void> {
  const course = await courseRoleOf(db, siteId, caller, courseId);
  if (course.role === null && !caller.permissions.has(KNOWLEDGE_MAP_MANAGE_ALL_KEY)) throw new AppError('not_found');
}
