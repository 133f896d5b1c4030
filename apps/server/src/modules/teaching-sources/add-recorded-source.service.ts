import { stat } from 'node:fs/promises';
import { schema } from '@app/db';
import type { AppDeps } from '../../platform/context.ts';
import { queueSourceConversion } from './convert-source-job.ts';
import { newSourceKey } from './source-files.ts';

/**
 * A video the platform recorded itself (a live room's recording) put in its owner's library as a teaching source:
 * the file is copied into the store and the source is `processing` until the usual conversion has probed it (an MP4
 * in H.264 plays as it is). Answers the source's id.
 */
export async function addRecordedSource(
  deps: AppDeps,
  input: { siteId: number; ownerId: number; title: string; fileName: string; filePath: string },
): Promise<number> {
  const fileKey = newSourceKey(input.siteId, input.fileName);
  const bytes = (await stat(input.filePath)).size;
  await deps.storage.saveLocalFile(fileKey, input.filePath);
  const [row] = await deps.db
    .insert(schema.teachingSources)
    .values({
      siteId: input.siteId,
      ownerId: input.ownerId,
      kind: 'video',
      title: input.title.slice(0, 64),
      fileName: input.fileName,
      fileKey,
      fileSize: bytes,
      status: 'processing',
    })
    .returning({ id: schema.teachingSources.id });
  await queueSourceConversion(deps, { siteId: input.siteId, sourceId: row!.id });
  return row!.id;
}
