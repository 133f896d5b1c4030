import { practiceSetProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { changePracticeSetStatus } from './change-practice-set-status.service.ts';
import { deletePracticeSet } from './delete-practice-set.service.ts';
import { poolSourcesOf, practicePoolPreview, requireOwnPoolSources } from './practice-pool.queries.ts';
import { listSets, setDetail } from './practice-sets.queries.ts';
import { createPracticeSet, updatePracticeSet } from './save-practice-set.service.ts';

/** Practice sets of the caller's organisation, the teacher's and manager's side. */
export const practiceSetImplementations = [
  implement(p.practiceSetList, async (input, ctx) => {
    const { list, total } = await listSets(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.practiceSetDetail, async (input, ctx) => setDetail(ctx.db, ctx.session.siteId, input.id)),
  implement(p.practiceSetCreate, async (input, ctx) => createPracticeSet(ctx, input)),
  implement(p.practiceSetUpdate, async (input, ctx) => updatePracticeSet(ctx, input)),
  implement(p.practiceSetDelete, async (input, ctx) => deletePracticeSet(ctx, input.id)),
  implement(p.practiceSetPublish, async (input, ctx) => changePracticeSetStatus(ctx, input.id, 'published')),
  implement(p.practiceSetClose, async (input, ctx) => changePracticeSetStatus(ctx, input.id, 'closed')),
  implement(p.practiceSetPoolPreview, async (input, ctx) => {
    await requireOwnPoolSources(ctx.db, ctx.session.siteId, input);
    return practicePoolPreview(ctx.db, ctx.session.siteId, poolSourcesOf(input));
  }),
];
