import { TEACHING_SOURCE_LIMITS } from '@app/contracts';
import { schema } from '@app/db';
import { and, inArray, lt } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import { uploadFolder } from './source-files.ts';

const { teachingSourceUploads } = schema;

/** How often the server looks for abandoned uploads. */
export const SOURCE_UPLOAD_SWEEP_MS = 3600_000;

/**
 * Removes the uploads of every organisation left idle (no part, start or finish) for `uploadKeepHours`: their parts
 * in the store first, then the rows (still idle then), so a failed pass leaves them for the next. Answers how many went.
 */
export async function sweepSourceUploads(deps: AppDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TEACHING_SOURCE_LIMITS.uploadKeepHours * 3600_000);
  const idle = await deps.db
    .select({ id: teachingSourceUploads.id })
    .from(teachingSourceUploads)
    .where(lt(teachingSourceUploads.updatedAt, before))
    .limit(500);
  if (idle.length === 0) return 0;
  const ids = idle.map((row) => row.id);
  await deps.storage.remove(ids.map(uploadFolder), { recursive: true });
  const gone = await deps.db
    .delete(teachingSourceUploads)
    .where(and(inArray(teachingSourceUploads.id, ids), lt(teachingSourceUploads.updatedAt, before)))
    .returning({ id: teachingSourceUploads.id });
  deps.log.info({ uploads: gone.length }, 'abandoned teaching source uploads removed');
  return gone.length;
}
