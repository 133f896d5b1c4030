import { lookupTable } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { fileRouteCaller } from '../../platform/session.ts';
import { sendStoredFile } from '../../platform/stored-file-route.ts';

/**
 * Keys that let a member of the project's organisation read its private files. The job engine adds the keys of
 * the people who annotate.
 */
export const FILE_READ_KEYS = lookupTable({
  'data-item': ['/data/list', '/data/detail', '/task/execute'],
  attachment: ['/project/attachment-list'],
} as const);

type FileKind = keyof typeof FILE_READ_KEYS;

async function storedFile(deps: AppDeps, kind: FileKind, id: number, siteId: number) {
  if (kind === 'data-item') {
    const [row] = await deps.db
      .select({ filePath: schema.dataItems.filePath, name: schema.dataItems.name })
      .from(schema.dataItems)
      .where(and(eq(schema.dataItems.id, id), eq(schema.dataItems.siteId, siteId)));
    return row?.filePath ? { filePath: row.filePath, name: row.name } : null;
  }
  const [row] = await deps.db
    .select({ filePath: schema.projectAttachments.filePath, name: schema.projectAttachments.name })
    .from(schema.projectAttachments)
    .where(and(eq(schema.projectAttachments.id, id), eq(schema.projectAttachments.siteId, siteId)));
  return row ?? null;
}

/**
 * `GET /api/file/data-item/:id` and `GET /api/file/attachment/:id`: private files, served only to a signed-in
 * member of the owning organisation holding a read key. The token comes from the `access-token` header or the
 * token cookie, so `<img>`, `<audio>` and `<video>` work. Any other organisation's id answers 404, like a
 * missing one. Byte ranges are honoured (seeking in media); `?download=1` asks for a download.
 */
export function registerDataFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/file/:kind/:id', async (request, reply) => {
    const params = request.params as { kind: string; id: string };
    const query = request.query as { download?: string };
    const readKeys = (FILE_READ_KEYS as Readonly<Record<string, readonly string[] | undefined>>)[params.kind];
    if (!readKeys || !/^\d{1,15}$/.test(params.id)) return reply.callNotFound();
    const kind = params.kind as FileKind;
    const session = await fileRouteCaller(request, deps, readKeys);
    if (!session) return reply.callNotFound();
    const file = await storedFile(deps, kind, Number(params.id), session.siteId);
    if (!file) return reply.callNotFound();
    return sendStoredFile(request, reply, deps.storage, file.filePath, {
      cacheControl: 'private, max-age=3600',
      disposition: { type: query.download === '1' ? 'attachment' : 'inline', name: file.name },
    });
  });
}
