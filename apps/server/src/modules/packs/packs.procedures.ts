import { packProcedures as p } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { implement } from '../../platform/procedures.ts';
import { packDownload, registerPackFileRoute } from './pack-file.route.ts';
import { packBuildJob } from './pack-queue.ts';
import { listPacks } from './packs.queries.ts';
import { buildPack, packOptions, restartPack, stopPack } from './packs.service.ts';

/** Packs: exports of a project's passed results, built by the queue (docs/packs.md). */
export const packImplementations = [
  implement(p.packFormats, async (input, ctx) => packOptions(ctx, input.project_id)),
  implement(p.packBuild, async (input, ctx) => buildPack(ctx, input)),
  implement(p.packList, async (input, ctx) => {
    const { list, total } = await listPacks(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.packDownload, async (input, ctx) => packDownload(ctx, input.id)),
  implement(p.packStop, async (input, ctx) => stopPack(ctx, input.id)),
  implement(p.packRestart, async (input, ctx) => restartPack(ctx, input.id)),
];

/** Jobs of the background queue defined by this module. */
export const PACK_QUEUE_JOBS = [packBuildJob];

/** The download route of finished packs. */
export function registerPackRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerPackFileRoute(app, deps);
}
