import { knowledgeMapProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { createKnowledgeMap } from './create-knowledge-map.service.ts';
import { deleteKnowledgeMap } from './delete-knowledge-map.service.ts';
import { deleteKnowledgeNode } from './delete-knowledge-node.service.ts';
import { mapGraph } from './knowledge-graph.queries.ts';
import { labelDetail, labelOptions, listLabels } from './knowledge-labels.queries.ts';
import { assertCourseMapsVisible } from './knowledge-map-policy.ts';
import { listMaps, mapOptions, mapRow } from './knowledge-maps.queries.ts';
import { listNodes } from './knowledge-node-list.queries.ts';
import { nodeTree } from './knowledge-nodes.queries.ts';
import { linkNodeQuestions, unlinkNodeQuestions } from './link-node-questions.service.ts';
import { createKnowledgeLabel, deleteKnowledgeLabel, updateKnowledgeLabel } from './save-knowledge-label.service.ts';
import { createKnowledgeNode, updateKnowledgeNode } from './save-knowledge-node.service.ts';
import { setKnowledgeMapEnabled, updateKnowledgeMap } from './update-knowledge-map.service.ts';

/** Knowledge maps, their node trees, labels and question links (module 10). */
export const knowledgeMapImplementations = [
  implement(p.datasetMapList, async (input, ctx) => {
    if (input.course_id !== undefined)
      await assertCourseMapsVisible(ctx.db, ctx.session.siteId, ctx.session, input.course_id);
    const { list, total } = await listMaps(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.datasetMapDetail, async (input, ctx) => mapRow(ctx.db, ctx.session.siteId, input.id)),
  implement(p.datasetMapCreate, async (input, ctx) => createKnowledgeMap(ctx, input)),
  implement(p.datasetMapUpdate, async (input, ctx) => updateKnowledgeMap(ctx, input)),
  implement(p.datasetMapDelete, async (input, ctx) => deleteKnowledgeMap(ctx, input.id)),
  implement(p.datasetMapEnable, async (input, ctx) => setKnowledgeMapEnabled(ctx, input.id, true)),
  implement(p.datasetMapDisable, async (input, ctx) => setKnowledgeMapEnabled(ctx, input.id, false)),
  implement(p.datasetMapGraph, async (input, ctx) => mapGraph(ctx.db, ctx.session.siteId, input.id)),
  implement(p.datasetMapOptions, async (_input, ctx) => ({ list: await mapOptions(ctx.db, ctx.session.siteId) })),
  implement(p.datasetNodeTree, async (input, ctx) => ({
    list: await nodeTree(ctx.db, ctx.session.siteId, input.map_id),
  })),
  implement(p.datasetNodeList, async (input, ctx) => {
    const { list, total } = await listNodes(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.datasetNodeCreate, async (input, ctx) => createKnowledgeNode(ctx, input)),
  implement(p.datasetNodeUpdate, async (input, ctx) => updateKnowledgeNode(ctx, input)),
  implement(p.datasetNodeMove, async (input, ctx) => updateKnowledgeNode(ctx, input, 'knowledge_node_move')),
  implement(p.datasetNodeDelete, async (input, ctx) => deleteKnowledgeNode(ctx, input.id)),
  implement(p.datasetNodeLinkQuestions, async (input, ctx) => linkNodeQuestions(ctx, input)),
  implement(p.datasetNodeUnlinkQuestions, async (input, ctx) => unlinkNodeQuestions(ctx, input)),
  implement(p.datasetLabelList, async (input, ctx) => {
    const { list, total } = await listLabels(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.datasetLabelDetail, async (input, ctx) => labelDetail(ctx.db, ctx.session.siteId, input.id)),
  implement(p.datasetLabelCreate, async (input, ctx) => createKnowledgeLabel(ctx, input)),
  implement(p.datasetLabelUpdate, async (input, ctx) => updateKnowledgeLabel(ctx, input)),
  implement(p.datasetLabelDelete, async (input, ctx) => deleteKnowledgeLabel(ctx, input.id)),
  implement(p.datasetLabelOptions, async (_input, ctx) => ({ list: await labelOptions(ctx.db, ctx.session.siteId) })),
];
