import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { fileRouteCaller } from '../../platform/session.ts';
import { sendStoredFile } from '../../platform/stored-file-route.ts';
import { readTeachingSources } from '../teaching-sources/index.ts';
import { type CourseCaller, courseRoleOf, loadCourse } from './course-access.queries.ts';
import { loadTask } from './course-content.queries.ts';
import { studentTaskView } from './course-learning.queries.ts';

/** The material the caller may open: any task's for a teacher of its course; for a student, theirs once available. */
async function openableMaterial(deps: AppDeps, siteId: number, caller: CourseCaller, taskId: number) {
  const task = await loadTask(deps.db, siteId, taskId);
  const course = await loadCourse(deps.db, siteId, task.courseId);
  if ((await courseRoleOf(deps.db, caller, course)) !== null) return task.material;
  return (await studentTaskView(deps.db, siteId, caller.userId, task.id)).material;
}

/**
 * `GET /api/file/course-material/:taskId[?download=1]`: the library file a material task shows — what browsers show
 * (the pdf or playable video, with byte ranges) or, with `download=1`, the uploaded original — to the course's
 * teachers, and to its students while the task's material is theirs to see (online course of their class, task
 * available or done). Anything else answers 404 (not_found), as if the task did not exist.
 */
export function registerCourseMaterialRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/file/course-material/:taskId', async (request, reply) => {
    const { taskId } = request.params as { taskId: string };
    const download = (request.query as { download?: string }).download === '1';
    if (!/^\d{1,15}$/.test(taskId)) return reply.callNotFound();
    const session = await fileRouteCaller(request, deps);
    if (!session) return reply.callNotFound();
    const siteId = session.siteId;
    const material = await openableMaterial(deps, siteId, session, Number(taskId));
    if (material?.type !== 'source') return reply.callNotFound();
    const source = (await readTeachingSources(deps.db, siteId, [material.source_id])).get(material.source_id);
    const key = download ? source?.fileKey : source?.viewKey;
    if (!source || !key) return reply.callNotFound();
    return sendStoredFile(request, reply, deps.storage, key, {
      cacheControl: 'private, max-age=3600',
      disposition: download ? { type: 'attachment', name: source.fileName } : { type: 'inline', name: source.fileName },
    });
  });
}
