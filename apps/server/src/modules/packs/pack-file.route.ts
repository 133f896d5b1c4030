import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { fileRouteCaller } from '../../platform/session.ts';
import { sendStoredFile } from '../../platform/stored-file-route.ts';

/** The key that lets a member download an organisation's finished packs. */
const DOWNLOAD_KEY = '/pack/download';

async function packFile(db: AppDeps['db'], siteId: number, id: number) {
  const [row] = await db
    .select({
      fileKey: schema.packs.fileKey,
      fileBytes: schema.packs.fileBytes,
      status: schema.packs.status,
      format: schema.packs.format,
      projectName: schema.projects.name,
    })
    .from(schema.packs)
    .innerJoin(schema.projects, eq(schema.projects.id, schema.packs.projectId))
    .where(and(eq(schema.packs.id, id), eq(schema.packs.siteId, siteId)));
  return row ?? null;
}

const zipName = (projectName: string, format: string, id: number) =>
  `${projectName.replace(/[\\/:*?"<>|]+/g, '_')}-${format}-${id}.zip`;

/** `/pack/download`: where the finished zip is served (the route below checks the session and the key again). */
export async function packDownload(ctx: TenantContext, id: number) {
  const row = await packFile(ctx.db, ctx.session.siteId, id);
  if (!row) throw new AppError('not_found');
  if (row.status !== 'succeeded' || !row.fileKey) throw new AppError('pack_no_file');
  return { url: `/api/pack-file/${id}`, name: zipName(row.projectName, row.format, id), bytes: row.fileBytes ?? 0 };
}

/**
 * `GET /api/pack-file/:id`: a finished pack's zip as a download, for a signed-in member of the pack's organisation
 * holding `/pack/download` (token from the `access-token` header or the cookie, so a plain link works). Another
 * organisation's pack answers 404 like a missing one; byte ranges are honoured (resumable downloads).
 */
export function registerPackFileRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/pack-file/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!/^\d{1,15}$/.test(id)) return reply.callNotFound();
    const session = await fileRouteCaller(request, deps, [DOWNLOAD_KEY]);
    if (!session) return reply.callNotFound();
    const row = await packFile(deps.db, session.siteId, Number(id));
    if (!row?.fileKey || row.status !== 'succeeded') return reply.callNotFound();
    return sendStoredFile(request, reply, deps.storage, row.fileKey, {
      cacheControl: 'private, no-store',
      disposition: { type: 'attachment', name: zipName(row.projectName, row.format, Number(id)) },
    });
  });
}
