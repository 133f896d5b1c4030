import { schema } from '@app/db';
import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import { defineQueueJob, queueOf } from '../../platform/queue.ts';
import { runPack } from './pack-worker.ts';

/**
 * The pg-boss job that builds a pack. On start, every pack left `queued` or `running` (a server stopped or died
 * during it) is queued again and continues from its checkpoint; a run that finds its pack finished, stopped or
 * taken over by a newer run returns without writing.
 */
export const packBuildJob = defineQueueJob<{ packId: number }>({
  name: 'pack-build',
  run: (data, { deps, signal }) => runPack(deps, data.packId, { signal }),
  async onStart(deps, queue) {
    const unfinished = await deps.db
      .select({ id: schema.packs.id })
      .from(schema.packs)
      .where(inArray(schema.packs.status, ['queued', 'running']))
      .orderBy(schema.packs.id);
    for (const pack of unfinished) await queue.send(packBuildJob, { packId: pack.id });
    if (unfinished.length > 0) deps.log.info({ packs: unfinished.length }, 'resuming unfinished packs');
  },
});

/** Queues a build of the pack (after its row is committed: on PGlite the queue shares the one connection). */
export async function queuePack(deps: AppDeps, packId: number): Promise<void> {
  await queueOf(deps).send(packBuildJob, { packId });
}
