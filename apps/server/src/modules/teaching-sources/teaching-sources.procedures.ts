import { teachingSourceProcedures as p } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import { implement, implementUpload } from '../../platform/procedures.ts';
import { deleteTeachingSource, renameTeachingSource } from './change-teaching-source.service.ts';
import { finishSourceUpload } from './finish-source-upload.service.ts';
import { saveSourcePart } from './save-source-part.service.ts';
import { startSourceUpload } from './start-source-upload.service.ts';
import { listSources, loadSource, managesAllSources, sourceDetail } from './teaching-sources.queries.ts';

const page = (input: { page: number; pageSize: number }) => ({ page: input.page, pageSize: input.pageSize });

/** The teaching-source library: a teacher's own documents and videos, every one of the organisation for managers. */
export const teachingSourceImplementations = [
  implement(p.teachingSourceList, async (input, ctx) => {
    if (input.scope === 'all' && !managesAllSources(ctx.session)) throw new AppError('forbidden');
    const owner = input.scope === 'all' ? null : ctx.session.userId;
    return { ...(await listSources(ctx.db, ctx.session.siteId, owner, input)), ...page(input) };
  }),
  implement(p.teachingSourceAll, async (input, ctx) => ({
    ...(await listSources(ctx.db, ctx.session.siteId, null, input)),
    ...page(input),
  })),
  implement(p.teachingSourceDetail, async (input, ctx) => {
    const source = await loadSource(ctx.db, ctx.session.siteId, ctx.session, input.id);
    return sourceDetail(ctx.db, ctx.session.siteId, source.id);
  }),
  implement(p.teachingSourceUpdate, async (input, ctx) => renameTeachingSource(ctx, input)),
  implement(p.teachingSourceDelete, async (input, ctx) => deleteTeachingSource(ctx, input)),
  implement(p.teachingSourceUploadStart, async (input, ctx) => startSourceUpload(ctx, input)),
  implementUpload(p.teachingSourceUploadPart, (input, ctx, files) => saveSourcePart(ctx, input, files)),
  implement(p.teachingSourceUploadFinish, async (input, ctx) => finishSourceUpload(ctx, input)),
];
