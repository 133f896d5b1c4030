import { DATA_LIMITS, projectDataProcedures as d, projectDataFileProcedures as f } from '@app/contracts';
import { implement, implementUpload } from '../../platform/procedures.ts';
import { deleteAttachment, uploadAttachments } from './attachments.service.ts';
import { editItem } from './edit-data.service.ts';
import {
  dataLocked,
  itemDetail,
  listAttachments,
  listItems,
  loadItem,
  loadProject,
  requireBatch,
} from './project-data.queries.ts';
import { projectMedia } from './project-media.ts';
import { clearItems, deleteItems } from './remove-data.service.ts';
import { uploadData } from './upload-data.service.ts';

/** Data items and attachments of a project (see contracts `procedures/data.ts` and `procedures/project-files.ts`). */
export const projectDataImplementations = [
  implementUpload(d.dataUpload, (input, ctx, files) => uploadData(ctx, input, files)),
  implement(d.dataSummary, async (input, ctx) => {
    const project = await loadProject(ctx.db, ctx, input.project_id);
    return {
      project_id: project.id,
      status: project.status,
      data_source: project.dataSource,
      item_count: project.itemCount,
      total_bytes: project.totalBytes,
      locked: dataLocked(project),
      max_file_bytes: Math.min(DATA_LIMITS.fileMaxBytes, ctx.deps.config.UPLOAD_MAX_BYTES ?? Infinity),
      media: await projectMedia(ctx.db, project),
    };
  }),
  implement(d.dataList, async (input, ctx) => {
    const project = await loadProject(ctx.db, ctx, input.project_id);
    if (input.batch_id) await requireBatch(ctx.db, ctx.session.siteId, project.id, input.batch_id);
    const { rows, total } = await listItems(ctx.db, ctx.session.siteId, project.id, {
      batchId: input.batch_id,
      kind: input.kind,
      keyword: input.keyword,
      page: input.page,
      pageSize: input.pageSize,
    });
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(d.dataDetail, async (input, ctx) => {
    const item = await loadItem(ctx.db, ctx, input.id);
    return itemDetail(ctx.db, item, await loadProject(ctx.db, ctx, item.projectId));
  }),
  implement(d.dataEdit, async (input, ctx) => editItem(ctx, input)),
  implement(d.dataDelete, async (input, ctx) => deleteItems(ctx, input)),
  implement(d.dataClear, async (input, ctx) => clearItems(ctx, input)),
  implementUpload(f.attachmentUpload, (input, ctx, files) => uploadAttachments(ctx, input, files)),
  implement(f.attachmentList, async (input, ctx) => {
    const project = await loadProject(ctx.db, ctx, input.project_id);
    return listAttachments(ctx.db, ctx.session.siteId, project.id);
  }),
  implement(f.attachmentDelete, async (input, ctx) => deleteAttachment(ctx, input)),
];
