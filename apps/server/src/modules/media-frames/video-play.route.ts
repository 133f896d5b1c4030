import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { fileRouteCaller } from '../../platform/session.ts';
import { sendStoredFile } from '../../platform/stored-file-route.ts';
import { FILE_READ_KEYS, playCachePath } from '../project-data/index.ts';

/**
 * `GET /api/file/video-play/:id[?fps=N]`: the H.264 copy `/data/video-frames` made of a video item, authorised like
 * the item's own file (`/api/file/data-item/:id`: a signed-in member of the owning organisation holding a read key,
 * token from the header or the cookie), with byte ranges. Another organisation's item, or one without a copy yet,
 * answers 404.
 */
export function registerVideoPlayRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/file/video-play/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { fps } = request.query as { fps?: string };
    if (!/^\d{1,15}$/.test(id) || (fps !== undefined && !/^([1-9]|1\d|20)$/.test(fps))) return reply.callNotFound();
    const session = await fileRouteCaller(request, deps, FILE_READ_KEYS['data-item']);
    if (!session) return reply.callNotFound();
    const [item] = await deps.db
      .select({ filePath: schema.dataItems.filePath, name: schema.dataItems.name, kind: schema.dataItems.kind })
      .from(schema.dataItems)
      .where(and(eq(schema.dataItems.id, Number(id)), eq(schema.dataItems.siteId, session.siteId)));
    if (!item?.filePath || item.kind !== 'video') return reply.callNotFound();
    return sendStoredFile(request, reply, deps.storage, playCachePath(item.filePath, fps ? Number(fps) : undefined), {
      cacheControl: 'private, max-age=3600',
      disposition: { type: 'inline', name: `${item.name}.mp4` },
    });
  });
}
