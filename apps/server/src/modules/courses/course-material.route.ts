import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { fileRouteCaller } from '../../platform/session.ts';
import { sendStoredFile } from '../../platform/stored-file-route.ts';
import { readTeachingSources } from '../teaching-sources/index.ts';
import { type CourseCaller, courseRoleOf, loadCourse } from './course-access.queries.ts';
import { loadTask } from './course-content.queries.ts';
import { studentTaskView } from './course-learning.queries.ts';
import { liveRecordingSourceId } from './course-live-rooms.queries.ts';

/**
 * The library file of a task the caller may open, else null: a material's file, or a live task's recording once its
 * room ended with it ready; any task's for a teacher of its course, for a student theirs once available (or done).
 */
async function openableSourceId(deps: AppDeps, siteId: number, caller: CourseCaller, taskId: number) {
  const task = await loadTask(deps.db, siteId, taskId);
  const course = await loadCourse(deps.db, siteId, task.courseId);
  const teacher = (await courseRoleOf(deps.db, caller, course)) !== null;
  if (task.kind === 'live') {
    if (task.liveRoomId === null) return null;
    if (!teacher && (await studentTaskView(deps.db, siteId, caller.userId, task.id)).state === 'locked') return null;
    return liveRecordingSourceId(deps.db, siteId, task.liveRoomId);
  }
  const material = teacher ? task.material : (await studentTaskView(deps.db, siteId, caller.userId, task.id)).material;
  return material?.type === 'source' ? material.source_id : null;
}

/**
 * `GET /api/file/course-material/:taskId[?download=1]`: the library file a material task shows, or a live task's
 * recording — what browsers show (the pdf or playable video, with byte ranges) or, with `download=1`, the uploaded
 * original — to the course's teachers, and to its students while the task is theirs to open (online course of their
 * class, task available or done). Anything else answers 404 (not_found), as if the task did not exist.
 */
export function registerCourseMaterialRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/file/course-material/:taskId', async (request, reply) => {
    const { taskId } = request.params as { taskId: string };
    const download = (request.query as { download?: string }).download === '1';
    if (!/^\d{1,15}$/.test(taskId)) return reply.callNotFound();
    const session = await fileRouteCaller(request, deps);
    if (!session) return reply.callNotFound();
    const siteId = session.siteId;
    const sourceId = await openableSourceId(deps, siteId, session, Number(taskId));
    if (sourceId === null) return reply.callNotFound();
    const source = (await readTeachingSources(deps.db, siteId, [sourceId])).get(sourceId);
    const key = download ? source?.fileKey : source?.viewKey;
    if (!source || !key) return reply.callNotFound();
    return sendStoredFile(request, reply, deps.storage, key, {
      cacheControl: 'private, max-age=3600',
      disposition: download ? { type: 'attachment', name: source.fileName } : { type: 'inline', name: source.fileName },
    });
  });
}
