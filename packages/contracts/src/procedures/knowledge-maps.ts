import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Knowledge maps (`/dataset/map`, `/dataset/node`, `/dataset/label`, module 10): an organisation's maps, each a
 * tree of knowledge nodes (code unique in the map), and labels that nodes and questions carry. Questions are
 * linked to nodes; a disabled map's nodes cannot be linked (knowledge_map_disabled) and the map is left out of
 * the options that question editors offer.
 */
export const KNOWLEDGE_LIMITS = {
  mapName: 50,
  description: 200,
  code: 50,
  nodeName: 100,
  skill: 100,
  content: 5_000,
  point: 50,
  points: 30,
  labelName: 30,
  labels: 20,
  /** Nodes given to `/dataset-map/create` at once. */
  initialNodes: 500,
  /** Questions linked or unlinked in one call. */
  questions: 500,
  /** Questions shown by a label's detail. */
  labelQuestions: 200,
} as const;

/**
 * Editing every map of the organisation (content managers). Without it a caller (a teacher, a manager) edits only
 * maps made for a course they may edit (`knowledge_maps.course_id`), else knowledge_map_not_editable.
 */
export const KNOWLEDGE_MAP_MANAGE_ALL_KEY = '/dataset-label/create';

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });
const ZRequiredText = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long');
const ZOptionalText = (max: number) => z.string().trim().max(max, 'validation.too_long');

export const ZKnowledgeColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalid_value');
/** A node code: letters, digits, `.`, `-`, `_` (e.g. `M1.2-a`). */
export const ZKnowledgeCode = ZRequiredText(KNOWLEDGE_LIMITS.code).regex(/^[\w.-]+$/, 'validation.invalid_value');
export const ZKnowledgeImportance = z.number().int().min(1).max(5);
export const ZKnowledgePoints = z
  .array(ZRequiredText(KNOWLEDGE_LIMITS.point))
  .max(KNOWLEDGE_LIMITS.points, 'validation.too_long');

export const ZLabelRef = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type TKnowledgeLabelRef = z.infer<typeof ZLabelRef>;

// ---- maps ----

export const ZKnowledgeMapRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  /** The course the map was made for (its teachers edit it), or null: a map of the organisation. */
  course_id: z.number().int().nullable(),
  course_name: z.string().nullable(),
  enabled: z.boolean(),
  node_count: z.number().int(),
  /** Distinct questions linked to any node of the map. */
  question_count: z.number().int(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TKnowledgeMapRow = z.infer<typeof ZKnowledgeMapRow>;

export const ZKnowledgeMapInfo = z.object({
  name: ZRequiredText(KNOWLEDGE_LIMITS.mapName),
  description: ZOptionalText(KNOWLEDGE_LIMITS.description).default(''),
  /** A question category of the organisation the map is about, or null. */
  category_id: ZId.nullable().default(null),
});

/** The fields of a node as written (create, update, the initial nodes of a new map). */
export const ZKnowledgeNodeFields = z.object({
  code: ZKnowledgeCode,
  name: ZRequiredText(KNOWLEDGE_LIMITS.nodeName),
  skill: ZOptionalText(KNOWLEDGE_LIMITS.skill).default(''),
  content: ZOptionalText(KNOWLEDGE_LIMITS.content).default(''),
  knowledge_points: ZKnowledgePoints.default([]),
  importance: ZKnowledgeImportance.default(3),
  sort: z.number().int().min(0).max(1_000_000).default(0),
});

/** A node of a new map: its parent named by code (null or absent: a top-level node). */
export const ZInitialNode = ZKnowledgeNodeFields.extend({
  parent_code: z.string().trim().max(KNOWLEDGE_LIMITS.code).nullable().default(null),
});
export type TInitialNode = z.input<typeof ZInitialNode>;

export const ZKnowledgeMapCreateInput = ZKnowledgeMapInfo.extend({
  /** A course the caller may edit: the map is made for it (`/teacher/dataset/mapCreate`). */
  course_id: ZId.nullable().default(null),
  nodes: z.array(ZInitialNode).max(KNOWLEDGE_LIMITS.initialNodes).default([]),
});
export type TKnowledgeMapCreateInput = z.input<typeof ZKnowledgeMapCreateInput>;

/** Options for question editors: enabled maps, each with its node tree. */
export const ZKnowledgeOptionNode = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  get children() {
    return z.array(ZKnowledgeOptionNode);
  },
});
export type TKnowledgeOptionNode = z.infer<typeof ZKnowledgeOptionNode>;
export const ZKnowledgeMapOption = z.object({
  id: z.number().int(),
  name: z.string(),
  nodes: z.array(ZKnowledgeOptionNode),
});
export type TKnowledgeMapOption = z.infer<typeof ZKnowledgeMapOption>;

export const GRAPH_ITEM_KINDS = ['map', 'node', 'label'] as const;
export const ZGraphItem = z.object({
  /** Unique in the graph: `map-1`, `node-5`, `label-3`. */
  key: z.string(),
  kind: z.enum(GRAPH_ITEM_KINDS),
  id: z.number().int(),
  name: z.string(),
  /** Nodes only (empty otherwise). */
  code: z.string(),
  /** Nodes: 1-5; the map and labels: 0. */
  importance: z.number().int(),
  /** Nodes: questions linked to the node; the map: distinct questions of the map; labels: 0. */
  question_count: z.number().int(),
  /** Labels: their colour; otherwise empty. */
  color: z.string(),
});
export type TGraphItem = z.infer<typeof ZGraphItem>;
export const ZGraphEdge = z.object({
  source: z.string(),
  target: z.string(),
  /** parent: map or parent node -> child node; label: node -> label it carries. */
  kind: z.enum(['parent', 'label']),
});
export type TGraphEdge = z.infer<typeof ZGraphEdge>;
export const ZKnowledgeGraph = z.object({
  map: z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() }),
  nodes: z.array(ZGraphItem),
  edges: z.array(ZGraphEdge),
});
export type TKnowledgeGraph = z.infer<typeof ZKnowledgeGraph>;

// ---- nodes ----

const NODE_SHAPE = {
  id: z.number().int(),
  map_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  skill: z.string(),
  content: z.string(),
  knowledge_points: z.array(z.string()),
  importance: z.number().int(),
  sort: z.number().int(),
  labels: z.array(ZLabelRef),
  /** Questions linked to this node alone. */
  question_count: z.number().int(),
};
export const ZKnowledgeNode = z.object(NODE_SHAPE);
export type TKnowledgeNode = z.infer<typeof ZKnowledgeNode>;

export type TKnowledgeTreeNode = TKnowledgeNode & { children: TKnowledgeTreeNode[] };
export const ZKnowledgeTreeNode: z.ZodType<TKnowledgeTreeNode> = z.object({
  ...NODE_SHAPE,
  get children() {
    return z.array(ZKnowledgeTreeNode);
  },
});

export const ZKnowledgeNodeRow = ZKnowledgeNode.extend({
  map_name: z.string(),
  map_enabled: z.boolean(),
  /** Codes from the top of the map to this node, joined with " / ". */
  path: z.string(),
  updated_at: z.string(),
});
export type TKnowledgeNodeRow = z.infer<typeof ZKnowledgeNodeRow>;

export const ZKnowledgeNodeInput = ZKnowledgeNodeFields.extend({
  label_ids: z.array(ZId).max(KNOWLEDGE_LIMITS.labels).default([]),
});
export type TKnowledgeNodeInput = z.input<typeof ZKnowledgeNodeInput>;

// ---- labels ----

export const ZKnowledgeLabelRow = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
  node_count: z.number().int(),
  question_count: z.number().int(),
  created_at: z.string(),
});
export type TKnowledgeLabelRow = z.infer<typeof ZKnowledgeLabelRow>;

export const ZKnowledgeLabelDetail = ZKnowledgeLabelRow.extend({
  nodes: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      map_id: z.number().int(),
      map_name: z.string(),
    }),
  ),
  /** The newest questions carrying the label (at most KNOWLEDGE_LIMITS.labelQuestions; question_count has all). */
  questions: z.array(
    z.object({
      id: z.number().int(),
      stem_text: z.string(),
      type: z.string(),
      review_status: z.string(),
      category_name: z.string(),
    }),
  ),
});
export type TKnowledgeLabelDetail = z.infer<typeof ZKnowledgeLabelDetail>;

export const ZKnowledgeLabelInput = z.object({
  name: ZRequiredText(KNOWLEDGE_LIMITS.labelName),
  color: ZKnowledgeColor.default('#1677ff'),
  description: ZOptionalText(KNOWLEDGE_LIMITS.description).default(''),
});
export type TKnowledgeLabelInput = z.input<typeof ZKnowledgeLabelInput>;

const MAP_NAME_NOTE = `Names are 1-${KNOWLEDGE_LIMITS.mapName} characters, unique in the organisation (knowledge_map_name_taken).`;
const EDIT_NOTE =
  'Content managers edit every map; others only the maps of a course they may edit (owner, co-teacher who may edit, ' +
  'manager), else knowledge_map_not_editable (course_archived for an archived course).';
const NODE_NOTE =
  'Codes are unique in the map (knowledge_node_code_taken); a parent must be a node of the same map and not the ' +
  'node itself or one of its descendants (knowledge_node_parent_wrong). ' +
  EDIT_NOTE;

export const knowledgeMapProcedures = {
  datasetMapList: procedure({
    path: '/dataset-map/list',
    summary:
      "The organisation's knowledge maps, newest change first, with node and question counts; the keyword searches " +
      'names and descriptions; course_id keeps the maps made for that course (a course the caller may view).',
    input: ZListInput.extend({ enabled: z.boolean().optional(), course_id: ZId.optional() }),
    output: listOutput(ZKnowledgeMapRow),
    tenantIds: { course_id: 'course' },
  }),
  datasetMapDetail: procedure({
    path: '/dataset-map/detail',
    summary: 'One knowledge map of the organisation with its counts.',
    input: z.object({ id: ZId }),
    output: ZKnowledgeMapRow,
    tenantIds: { id: 'knowledge_map' },
  }),
  datasetMapCreate: procedure({
    path: '/dataset-map/create',
    summary:
      `A new, enabled map with an optional initial node tree (\`/dataset/mapCreate\`), all in one transaction. ${MAP_NAME_NOTE} ` +
      'Initial nodes name their parent by code; codes repeated in the list answer knowledge_node_code_taken, a parent ' +
      'code not in the list or a loop knowledge_node_parent_wrong (details: index and code). With course_id the map is ' +
      `made for that course. ${EDIT_NOTE}`,
    input: ZKnowledgeMapCreateInput,
    output: ZKnowledgeMapRow,
    tenantIds: { category_id: 'question_category', course_id: 'course' },
    bodyLimit: 4 * 1024 * 1024,
  }),
  datasetMapUpdate: procedure({
    path: '/dataset-map/update',
    summary: `Changes a map's name, description or category (absent fields stay). ${MAP_NAME_NOTE} ${EDIT_NOTE}`,
    input: z.object({
      id: ZId,
      name: ZKnowledgeMapInfo.shape.name.optional(),
      description: ZOptionalText(KNOWLEDGE_LIMITS.description).optional(),
      category_id: ZId.nullable().optional(),
    }),
    output: ZKnowledgeMapRow,
    tenantIds: { id: 'knowledge_map', category_id: 'question_category' },
  }),
  datasetMapDelete: procedure({
    path: '/dataset-map/delete',
    summary:
      "Deletes a map with its nodes, their labels' assignments and their links to questions (questions stay). " +
      EDIT_NOTE,
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'knowledge_map' },
  }),
  datasetMapEnable: procedure({
    path: '/dataset-map/enable',
    summary: `Enables a map: its nodes may be linked to questions and it appears in the options again. ${EDIT_NOTE}`,
    input: z.object({ id: ZId }),
    output: ZKnowledgeMapRow,
    tenantIds: { id: 'knowledge_map' },
  }),
  datasetMapDisable: procedure({
    path: '/dataset-map/disable',
    summary:
      'Disables a map: existing links stay, new links are refused (knowledge_map_disabled), and the options leave it out. ' +
      EDIT_NOTE,
    input: z.object({ id: ZId }),
    output: ZKnowledgeMapRow,
    tenantIds: { id: 'knowledge_map' },
  }),
  datasetMapGraph: procedure({
    path: '/dataset-map/graph',
    summary:
      'A map as a graph: the map as root, its nodes (with question counts) and the labels they carry; edges from ' +
      'parent to child and from node to label.',
    input: z.object({ id: ZId }),
    output: ZKnowledgeGraph,
    tenantIds: { id: 'knowledge_map' },
  }),
  datasetMapOptions: procedure({
    path: '/dataset-map/options',
    summary: "The organisation's enabled maps by name, each with its node tree, for question editors and filters.",
    input: z.object({}),
    output: z.object({ list: z.array(ZKnowledgeMapOption) }),
  }),
  datasetNodeTree: procedure({
    path: '/dataset-node/tree',
    summary: "A map's nodes as a tree (by sort, then code) with their labels and question counts.",
    input: z.object({ map_id: ZId }),
    output: z.object({ list: z.array(ZKnowledgeTreeNode) }),
    tenantIds: { map_id: 'knowledge_map' },
  }),
  datasetNodeList: procedure({
    path: '/dataset-node/list',
    summary:
      "Every node of the organisation's maps (`/dataset/node`), by map and code; the keyword searches codes, names, " +
      'skills and knowledge points.',
    input: ZListInput.extend({ map_id: ZId.optional(), label_id: ZId.optional() }),
    output: listOutput(ZKnowledgeNodeRow),
    tenantIds: { map_id: 'knowledge_map', label_id: 'knowledge_label' },
  }),
  datasetNodeCreate: procedure({
    path: '/dataset-node/create',
    summary: `A new node in a map, under a parent or at the top (parent_id null). ${NODE_NOTE}`,
    input: ZKnowledgeNodeInput.extend({ map_id: ZId, parent_id: ZId.nullable().default(null) }),
    output: ZKnowledgeNode,
    tenantIds: { map_id: 'knowledge_map', parent_id: 'knowledge_node', label_ids: 'knowledge_label' },
  }),
  datasetNodeUpdate: procedure({
    path: '/dataset-node/update',
    summary: `Changes a node (absent fields stay; label_ids replaces the labels). ${NODE_NOTE}`,
    input: z.object({
      id: ZId,
      parent_id: ZId.nullable().optional(),
      code: ZKnowledgeCode.optional(),
      name: ZRequiredText(KNOWLEDGE_LIMITS.nodeName).optional(),
      skill: ZOptionalText(KNOWLEDGE_LIMITS.skill).optional(),
      content: ZOptionalText(KNOWLEDGE_LIMITS.content).optional(),
      knowledge_points: ZKnowledgePoints.optional(),
      importance: ZKnowledgeImportance.optional(),
      sort: z.number().int().min(0).max(1_000_000).optional(),
      label_ids: z.array(ZId).max(KNOWLEDGE_LIMITS.labels).optional(),
    }),
    output: ZKnowledgeNode,
    tenantIds: { id: 'knowledge_node', parent_id: 'knowledge_node', label_ids: 'knowledge_label' },
  }),
  datasetNodeMove: procedure({
    path: '/dataset-node/move',
    summary: `Moves a node (with its subtree) under another parent of the same map, or to the top. ${NODE_NOTE}`,
    input: z.object({ id: ZId, parent_id: ZId.nullable(), sort: z.number().int().min(0).max(1_000_000).optional() }),
    output: ZKnowledgeNode,
    tenantIds: { id: 'knowledge_node', parent_id: 'knowledge_node' },
  }),
  datasetNodeDelete: procedure({
    path: '/dataset-node/delete',
    summary: `Deletes a node with its descendants and their links to questions and labels (questions stay). ${EDIT_NOTE}`,
    input: z.object({ id: ZId }),
    output: z.object({ ok: z.literal(true), deleted: z.number().int() }),
    tenantIds: { id: 'knowledge_node' },
  }),
  datasetNodeLinkQuestions: procedure({
    path: '/dataset-node/link-questions',
    summary:
      "Links questions of the organisation to a node (already linked ones are skipped). A disabled map's node " +
      `answers knowledge_map_disabled. ${EDIT_NOTE}`,
    input: z.object({ node_id: ZId, question_ids: z.array(ZId).min(1).max(KNOWLEDGE_LIMITS.questions) }),
    output: z.object({ linked: z.number().int() }),
    tenantIds: { node_id: 'knowledge_node', question_ids: 'question' },
  }),
  datasetNodeUnlinkQuestions: procedure({
    path: '/dataset-node/unlink-questions',
    summary: `Removes links between a node and questions (allowed on disabled maps too). ${EDIT_NOTE}`,
    input: z.object({ node_id: ZId, question_ids: z.array(ZId).min(1).max(KNOWLEDGE_LIMITS.questions) }),
    output: z.object({ unlinked: z.number().int() }),
    tenantIds: { node_id: 'knowledge_node', question_ids: 'question' },
  }),
  datasetLabelList: procedure({
    path: '/dataset-label/list',
    summary: "The organisation's knowledge labels by name with node and question counts; the keyword searches names.",
    input: ZListInput,
    output: listOutput(ZKnowledgeLabelRow),
  }),
  datasetLabelDetail: procedure({
    path: '/dataset-label/detail',
    summary: 'One label with the nodes and the (newest) questions carrying it.',
    input: z.object({ id: ZId }),
    output: ZKnowledgeLabelDetail,
    tenantIds: { id: 'knowledge_label' },
  }),
  datasetLabelCreate: procedure({
    path: '/dataset-label/create',
    summary: `A new label. Names are 1-${KNOWLEDGE_LIMITS.labelName} characters, unique in the organisation (knowledge_label_name_taken).`,
    input: ZKnowledgeLabelInput,
    output: ZKnowledgeLabelRow,
  }),
  datasetLabelUpdate: procedure({
    path: '/dataset-label/update',
    summary: 'Changes a label (absent fields stay); names stay unique (knowledge_label_name_taken).',
    input: z.object({
      id: ZId,
      name: ZRequiredText(KNOWLEDGE_LIMITS.labelName).optional(),
      color: ZKnowledgeColor.optional(),
      description: ZOptionalText(KNOWLEDGE_LIMITS.description).optional(),
    }),
    output: ZKnowledgeLabelRow,
    tenantIds: { id: 'knowledge_label' },
  }),
  datasetLabelDelete: procedure({
    path: '/dataset-label/delete',
    summary: 'Deletes a label; nodes and questions lose it.',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'knowledge_label' },
  }),
  datasetLabelOptions: procedure({
    path: '/dataset-label/options',
    summary: "The organisation's labels by name, for editors and filters.",
    input: z.object({}),
    output: z.object({ list: z.array(ZLabelRef) }),
  }),
} as const;
