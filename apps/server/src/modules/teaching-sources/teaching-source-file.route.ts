import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { fileRouteCaller } from '../../platform/session.ts';
import { sendStoredFile } from '../../platform/stored-file-route.ts';
import { viewName } from './source-files.ts';
import { loadSource } from './teaching-sources.queries.ts';

/** The key that lets a teacher open their sources' files (the one `/dataset-source/detail` needs). */
const READ_KEY = '/dataset-source/detail';

/**
 * `GET /api/file/teaching-source/:id[?download=1]`: what browsers show of a source (the pdf or playable video, inline,
 * with byte ranges) or, with `download=1`, the uploaded file as an attachment under its name. Access is the detail's:
 * a signed-in teacher of the organisation for their own source, a manager for any (token from the header or the
 * cookie); another's source, another organisation's, or a source without a view yet answers 404. Students open
 * sources through their course task (`/api/file/course-material/...`).
 */
export function registerTeachingSourceFileRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/file/teaching-source/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const download = (request.query as { download?: string }).download === '1';
    if (!/^\d{1,15}$/.test(id)) return reply.callNotFound();
    const session = await fileRouteCaller(request, deps, [READ_KEY]);
    if (!session) return reply.callNotFound();
    const source = await loadSource(deps.db, session.siteId, session, Number(id));
    if (download) {
      return sendStoredFile(request, reply, deps.storage, source.fileKey, {
        cacheControl: 'private, max-age=3600',
        disposition: { type: 'attachment', name: source.fileName },
      });
    }
    if (source.status !== 'ready' || !source.viewKey) return reply.callNotFound();
    return sendStoredFile(request, reply, deps.storage, source.viewKey, {
      cacheControl: 'private, max-age=3600',
      disposition: { type: 'inline', name: viewName(source.fileName, source.viewKey) },
    });
  });
}
