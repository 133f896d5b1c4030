import {
  DATA_FILE_KINDS,
  DATA_LIMITS,
  extensionOf,
  MANIFEST_EXTENSIONS,
  type TDataKind,
  type TDataSource,
  type TDataUploadResult,
} from '@app/contracts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';
import { addItems, type NewItem, requireSource } from './add-items.ts';
import { importManifest } from './import-manifest.service.ts';
import { importZip } from './import-zip.service.ts';
import { loadProject, requireDataOpen } from './project-data.queries.ts';
import { projectMedia, requireMediaFit } from './project-media.ts';
import { FailureList, newFilePath, storeCheckedFile } from './stored-files.ts';

const cutName = (name: string) => name.slice(-DATA_LIMITS.nameMax);

/**
 * `/data/upload`: refuses early when data is locked or the project holds another source, then stores the data
 * files (all or nothing), unpacks the archive, or imports the manifest. Items must fit the project's media
 * (`projectMedia`): a data file that does not is `upload_media_wrong`; archive entries and manifest records that
 * do not are reported with reason `media`.
 */
export async function uploadData(
  ctx: TenantContext,
  input: { project_id: number; source: TDataSource },
  files: IncomingFiles,
): Promise<TDataUploadResult> {
  const project = await loadProject(ctx.db, ctx, input.project_id);
  requireDataOpen(project);
  requireSource(project, input.source);
  const failures = new FailureList();
  const media = await projectMedia(ctx.db, project);
  const result =
    input.source === 'files'
      ? await uploadFiles(ctx, project.id, files, media)
      : input.source === 'zip'
        ? await importZip(ctx, project.id, files, failures, media)
        : await importManifest(ctx, project.id, files, failures, MANIFEST_EXTENSIONS, media);
  return {
    added: result.added,
    failed: failures.listed,
    failed_count: failures.count,
    item_count: result.project.itemCount,
    total_bytes: result.project.totalBytes,
    data_source: input.source,
  };
}

/**
 * Data files: every one must be a supported type of the project's media whose bytes match its name, or nothing
 * is kept.
 */
async function uploadFiles(ctx: TenantContext, projectId: number, files: IncomingFiles, media: TDataKind[] | null) {
  const storage = ctx.deps.storage;
  const stored: (NewItem & { filePath: string })[] = [];
  try {
    for await (const file of files) {
      const extension = extensionOf(file.name);
      const kind = DATA_FILE_KINDS[extension];
      if (!kind) throw new AppError('upload_type_wrong', {}, { name: file.name, reason: 'type' });
      requireMediaFit(ctx, media, file.name, kind);
      const filePath = newFilePath(projectId, 'data', extension);
      const size = await storeCheckedFile(storage, filePath, file.stream, {
        name: file.name,
        extension,
        maxBytes: files.maxBytes,
      });
      stored.push({ kind, name: cutName(file.name), filePath, size });
    }
    if (stored.length === 0) {
      throw new AppError('invalid_input', { fields: 'files: required' }, { fields: [{ field: 'files' }] });
    }
    return await addItems(ctx, projectId, 'files', async (push) => {
      for (const item of stored) await push(item);
      return { audit: { files: stored.slice(0, 20).map((s) => s.name), file_count: stored.length } };
    });
  } catch (error) {
    await storage.remove(stored.map((s) => s.filePath));
    throw error;
  }
}
