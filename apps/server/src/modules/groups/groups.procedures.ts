import { GROUP_KINDS, GROUP_LIMITS, classGroupProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { addGroupMembers } from './add-group-members.service.ts';
import { createGroup } from './create-group.service.ts';
import { deleteGroup } from './delete-group.service.ts';
import { groupCandidates, listGroupMembers } from './group-members.queries.ts';
import { groupRow, listGroups, loadGroup, managesKind, myClass, requireKind } from './groups.queries.ts';
import { joinClassByCode } from './join-class.service.ts';
import { removeGroupMembers } from './remove-group-members.service.ts';
import { transferGroupMembers } from './transfer-group-members.service.ts';
import { updateGroup } from './update-group.service.ts';
import { listTags } from './user-tags.queries.ts';
import { createTag, deleteTag, setUserTags, updateTag } from './user-tags.service.ts';

/** Classes, team groups and user tags of the caller's organisation. */
export const groupImplementations = [
  implement(p.cgroupList, async (input, ctx) => {
    requireKind(ctx, input.kind);
    const { rows, total } = await listGroups(ctx.db, ctx, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.cgroupDetail, async (input, ctx) => {
    const group = await loadGroup(ctx.db, ctx, input.id);
    return groupRow(ctx.db, ctx.session.siteId, group.id);
  }),
  implement(p.cgroupForm, async (_input, ctx) => ({
    name_max: GROUP_LIMITS.name,
    tag_name_max: GROUP_LIMITS.tagName,
    kinds: GROUP_KINDS.filter((kind) => managesKind(ctx, kind)),
  })),
  implement(p.cgroupCreate, async (input, ctx) => createGroup(ctx, input)),
  implement(p.cgroupUpdate, async (input, ctx) => updateGroup(ctx, input.id, { name: input.name })),
  implement(p.cgroupDelete, async (input, ctx) => deleteGroup(ctx, input)),
  implement(p.cgroupClose, async (input, ctx) => updateGroup(ctx, input.id, { status: 'closed' })),
  implement(p.cgroupOpen, async (input, ctx) => updateGroup(ctx, input.id, { status: 'open' })),
  implement(p.cgroupUserList, async (input, ctx) => {
    const group = await loadGroup(ctx.db, ctx, input.group_id);
    const { rows, total } = await listGroupMembers(ctx.db, group.id, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.cgroupUserCandidates, async (input, ctx) => {
    const group = await loadGroup(ctx.db, ctx, input.group_id);
    return { list: await groupCandidates(ctx.db, ctx.session.siteId, group.id, input.keyword) };
  }),
  implement(p.cgroupUserCreate, async (input, ctx) => addGroupMembers(ctx, input)),
  implement(p.cgroupUserDelete, async (input, ctx) => removeGroupMembers(ctx, input)),
  implement(p.cgroupTransfer, async (input, ctx) => transferGroupMembers(ctx, input)),
  implement(p.cgroupUserUpdate, async (input, ctx) =>
    transferGroupMembers(
      ctx,
      { from_group_id: input.group_id, to_group_id: input.to_group_id, user_ids: [input.user_id] },
      ['class', 'team'],
    ),
  ),
  implement(p.cgroupJoinByCode, async (input, ctx) => joinClassByCode(ctx, input)),
  implement(p.cgroupMyClass, async (_input, ctx) => ({
    class: ctx.session.siteId === null ? null : await myClass(ctx.db, ctx.session.siteId, ctx.session.userId),
  })),
  implement(p.tagList, async (input, ctx) => ({ list: await listTags(ctx.db, ctx.session.siteId, input.keyword) })),
  implement(p.tagCreate, async (input, ctx) => createTag(ctx, input)),
  implement(p.tagUpdate, async (input, ctx) => updateTag(ctx, input)),
  implement(p.tagDelete, async (input, ctx) => deleteTag(ctx, input)),
  implement(p.tagSet, async (input, ctx) => setUserTags(ctx, input)),
];
