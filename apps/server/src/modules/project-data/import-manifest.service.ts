import { mediaFits, type TDataKind } from '@app/contracts';
import type { TenantContext } from '../../platform/context.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';
import { addItems } from './add-items.ts';
import { csvRecords, jsonlRecords, recordItem } from './manifest-records.ts';
import { type FailureList, stageSingleFile } from './stored-files.ts';

/**
 * A CSV or JSONL manifest: staged on disk first (so no transaction waits on the network), then read line by
 * line inside one transaction, good records inserted in batches, bad lines (and records not of the project's
 * media) reported with their numbers.
 */
export async function importManifest(
  ctx: TenantContext,
  projectId: number,
  files: IncomingFiles,
  failures: FailureList,
  extensions: readonly string[],
  media: TDataKind[] | null,
) {
  const staged = await stageSingleFile(ctx, projectId, files, extensions);
  try {
    return await addItems(ctx, projectId, 'manifest', async (push) => {
      const stream = await ctx.deps.storage.openRead(staged.path);
      const records = staged.extension === 'csv' ? csvRecords(stream) : jsonlRecords(stream);
      for await (const record of records) {
        if ('reason' in record) {
          failures.add({ line: record.line, reason: record.reason });
          continue;
        }
        const item = recordItem(record.fields, record.line, record.bytes);
        if (typeof item === 'string') failures.add({ line: record.line, reason: item });
        else if (!mediaFits(media, item.kind, Boolean(item.url))) failures.add({ line: record.line, reason: 'media' });
        else await push(item);
      }
      return { audit: { manifest: staged.name, failed_count: failures.count } };
    });
  } finally {
    await ctx.deps.storage.remove([staged.path]);
  }
}
