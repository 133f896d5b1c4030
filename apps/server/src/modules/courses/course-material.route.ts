import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { readToken, resolveSession } from '../../platform/session.ts';
import { sendStoredFile } from '../../platform/stored-file-route.ts';
import { readTeachingSources } from '../teaching-sources/index.ts';
import { courseRoleOf, loadCourse } from './course-access.queries.ts';
import { loadTask } from './course-content.queries.ts';
import { requireStudentCourse } from './course-learning.queries.ts';
import { taskViews } from './course-states.ts';
import { taskOutcomes } from './course-work.queries.ts';

/** Whether the caller may open the task's material: a teacher of the course, or its student once it is available. */
async function mayOpen(
  deps: AppDeps,
  siteId: number,
  caller: { userId: number; permissions: ReadonlySet<string> },
  taskId: number,
) {
  const task = await loadTask(deps.db, siteId, taskId);
  const course = await loadCourse(deps.db, siteId, task.courseId);
  if ((await courseRoleOf(deps.db, caller, course)) !== null) return task;
  await requireStudentCourse(deps.db, siteId, caller.userId, course.id);
  const view = taskViews(await taskOutcomes(deps.db, siteId, caller.userId, [course.id]), new Date()).find(
    (v) => v.id === task.id,
  );
  if (!view?.material) throw new AppError('not_found');
  return task;
}

/**
 * `GET /api/file/course-material/:taskId[?download=1]`: the library file a material task shows — what browsers show
 * (the pdf or playable video, with byte ranges) or, with `download=1`, the uploaded original — to the course's
 * teachers, and to its students while the task's material is theirs to see (online course of their class, task
 * available or done). Anything else answers 404, as if the task did not exist.
 */
export function registerCourseMaterialRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/file/course-material/:taskId', async (request, reply) => {
    const { taskId } = request.params as { taskId: string };
    const download = (request.query as { download?: string }).download === '1';
    if (!/^\d{1,15}$/.test(taskId)) return reply.callNotFound();
    const token = readToken(request, deps.config.TOKEN_COOKIE);
    const session = token ? await resolveSession(deps, token) : null;
    if (!session) throw new AppError('auth_fail');
    if (session.siteId === null) return reply.callNotFound();
    const siteId = session.siteId;
    let material: Awaited<ReturnType<typeof mayOpen>>['material'];
    try {
      ({ material } = await mayOpen(
        deps,
        siteId,
        { userId: session.userId, permissions: session.permissions },
        Number(taskId),
      ));
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return reply.callNotFound();
      throw error;
    }
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
