import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import { defineQueueJob, queueOf } from '../../platform/queue.ts';
import { convertDocument } from './convert-document.ts';
import { type ConversionOutcome, convertVideo } from './convert-video.ts';

const { teachingSources } = schema;

interface ConvertData {
  siteId: number;
  sourceId: number;
}

/**
 * Converts one source left `processing` (an office document to pdf, a video browsers cannot play to MP4) and records
 * the outcome. Idempotent: a source that is gone or no longer processing is left alone, and a view made for a source
 * deleted (or finished by another run) meanwhile is removed unless the source shows it. When the server stops
 * mid-way the source stays processing and is queued again at the next start.
 */
export async function convertTeachingSource(deps: AppDeps, data: ConvertData, signal: AbortSignal): Promise<void> {
  const where = and(eq(teachingSources.id, data.sourceId), eq(teachingSources.siteId, data.siteId));
  const [source] = await deps.db.select().from(teachingSources).where(where);
  if (source?.status !== 'processing') return;
  const onFailure = (stderr: string) =>
    deps.log.warn({ sourceId: source.id, kind: source.kind, stderr }, 'could not convert a teaching source');
  let outcome: ConversionOutcome | 'aborted';
  if ((await deps.storage.sizeOf(source.fileKey)) === null) {
    onFailure('the file is not in the store');
    const failure = source.kind === 'video' ? 'media_unreadable' : 'convert_failed';
    outcome = { status: 'failed', viewKey: null, failure };
  } else {
    const started = performance.now();
    const convert = source.kind === 'document' ? convertDocument : convertVideo;
    outcome = await convert(deps.storage, source, { signal, onFailure });
    if (outcome !== 'aborted') {
      const ms = Math.round(performance.now() - started);
      deps.log.info(
        { sourceId: source.id, kind: source.kind, failure: outcome.failure, ms },
        'teaching source converted',
      );
    }
  }
  if (outcome === 'aborted') return;
  const [updated] = await deps.db
    .update(teachingSources)
    .set({
      status: outcome.status,
      viewKey: outcome.viewKey,
      failure: outcome.failure,
      durationSeconds: outcome.durationSeconds ?? null,
      updatedAt: new Date(),
    })
    .where(and(where, eq(teachingSources.status, 'processing')))
    .returning({ id: teachingSources.id });
  if (updated || !outcome.viewKey || outcome.viewKey === source.fileKey) return;
  const [now] = await deps.db.select({ viewKey: teachingSources.viewKey }).from(teachingSources).where(where);
  if (now?.viewKey !== outcome.viewKey) await deps.storage.remove([outcome.viewKey]);
}

/** The pg-boss job converting a source; on start every source left processing is queued again. */
export const convertSourceJob = defineQueueJob<ConvertData>({
  name: 'teaching-source-convert',
  expireInSeconds: 4 * 3600,
  run: (data, { deps, signal }) => convertTeachingSource(deps, data, signal),
  async onStart(deps, queue) {
    const left = await deps.db
      .select({ sourceId: teachingSources.id, siteId: teachingSources.siteId })
      .from(teachingSources)
      .where(eq(teachingSources.status, 'processing'))
      .orderBy(teachingSources.id);
    for (const data of left) await queue.send(convertSourceJob, data);
    if (left.length > 0) deps.log.info({ sources: left.length }, 'resuming teaching source conversions');
  },
});

export const TEACHING_SOURCE_QUEUE_JOBS = [convertSourceJob] as const;

/** Queues the conversion of a source (after its row is committed: on PGlite the queue shares the one connection). */
export async function queueSourceConversion(deps: AppDeps, data: ConvertData): Promise<void> {
  await queueOf(deps).send(convertSourceJob, data);
}
