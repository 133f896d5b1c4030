import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestionBankFixture, type QuestionBankFixture } from '../../testing/question-bank.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { type CallOutput, call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let contentmgr: string;
let teacher: string;
let student: string;
let otherManager: string;
let bank: QuestionBankFixture;
let otherBank: QuestionBankFixture;

const unique = () => Math.random().toString(36).slice(2, 8);

interface TreeNode {
  id: number;
  code: string;
  parent_id: number | null;
  children: TreeNode[];
  labels: { id: number }[];
  question_count: number;
}

async function ok<P extends ProcedurePath>(path: P, input: unknown, token = contentmgr): Promise<CallOutput<P>> {
  const result = await call(t.app, path, input, { token });
  expect(result.status, `${path} ${JSON.stringify(result.body)}`).toBe(200);
  return result.body.data;
}

async function fails(path: ProcedurePath, input: unknown, error: string, token = contentmgr) {
  const result = await call(t.app, path, input, { token });
  expect(result.body.error, `${path} ${JSON.stringify(result.body)}`).toBe(error);
  return result.body;
}

async function createMap(nodes: unknown[] = [], name = `图谱-${unique()}`) {
  return ok('/dataset-map/create', { name, nodes });
}

async function tree(mapId: number): Promise<TreeNode[]> {
  return (await ok('/dataset-node/tree', { map_id: mapId })).list;
}

beforeAll(async () => {
  t = await createTestApp();
  contentmgr = await sessionFor(t, 'contentmgr');
  teacher = await sessionFor(t, 'teacher');
  student = await sessionFor(t, 'student');
  otherManager = await sessionFor(t, 'manager2');
  bank = await createQuestionBankFixture(t, await siteIdByName(t, '示范学院'));
  otherBank = await createQuestionBankFixture(t, await siteIdByName(t, '星河数据'));
});
afterAll(() => t.close());

describe('knowledge maps', () => {
  it('creates a map with an initial node tree in one go, and lists it with its counts', async () => {
    const name = `数学-${unique()}`;
    const map = await ok('/dataset-map/create', {
      name,
      description: '初中数学',
      category_id: bank.categoryId,
      nodes: [
        { code: 'M1.1', name: '一元一次方程', parent_code: 'M1' },
        { code: 'M1', name: '方程', importance: 5, knowledge_points: ['等式', '移项'] },
        { code: 'M2', name: '函数' },
      ],
    });
    expect(map).toMatchObject({
      name,
      description: '初中数学',
      category_id: bank.categoryId,
      enabled: true,
      node_count: 3,
    });
    const nodes = await tree(map.id);
    expect(nodes.map((n) => n.code)).toEqual(['M1', 'M2']);
    expect(nodes[0]!.children.map((n) => n.code)).toEqual(['M1.1']);
    expect(nodes[0]).toMatchObject({ importance: 5, knowledge_points: ['等式', '移项'] });

    const list = await ok('/dataset-map/list', { keyword: name }, teacher);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: map.id, node_count: 3, question_count: 0, created_by_name: '内容管理' });
  });

  it('refuses repeated codes, unknown parents and loops in the initial nodes, creating nothing', async () => {
    const name = `坏图谱-${unique()}`;
    const repeated = await fails(
      '/dataset-map/create',
      {
        name,
        nodes: [
          { code: 'A', name: 'a' },
          { code: 'A', name: 'b' },
        ],
      },
      'knowledge_node_code_taken',
    );
    expect(repeated.details).toEqual({ index: 1, code: 'A' });
    await fails(
      '/dataset-map/create',
      { name, nodes: [{ code: 'A', name: 'a', parent_code: 'Z' }] },
      'knowledge_node_parent_wrong',
    );
    await fails(
      '/dataset-map/create',
      {
        name,
        nodes: [
          { code: 'A', name: 'a', parent_code: 'B' },
          { code: 'B', name: 'b', parent_code: 'A' },
        ],
      },
      'knowledge_node_parent_wrong',
    );
    const list = await ok('/dataset-map/list', { keyword: name });
    expect(list.total).toBe(0);
  });

  it('keeps map names unique in the organisation, but not across organisations', async () => {
    const map = await createMap();
    await fails('/dataset-map/create', { name: map.name }, 'knowledge_map_name_taken');
    const other = await createMap();
    await fails('/dataset-map/update', { id: other.id, name: map.name }, 'knowledge_map_name_taken');
    // The other organisation has no content manager in the demo data: its map is written directly.
    await t.deps.db.insert(schema.knowledgeMaps).values({ siteId: await siteIdByName(t, '星河数据'), name: map.name });
    const theirs = await ok('/dataset-map/list', { keyword: map.name }, otherManager);
    expect(theirs.total).toBe(1);
    expect(theirs.list[0]!.id).not.toBe(map.id);
  });

  it('updates name, description and category, leaving absent fields', async () => {
    const map = await createMap();
    const updated = await ok('/dataset-map/update', {
      id: map.id,
      description: '新描述',
      category_id: bank.categoryId,
    });
    expect(updated).toMatchObject({ name: map.name, description: '新描述', category_id: bank.categoryId });
    const cleared = await ok('/dataset-map/update', { id: map.id, category_id: null });
    expect(cleared).toMatchObject({ description: '新描述', category_id: null, category_name: null });
    await fails('/dataset-map/update', { id: map.id, category_id: otherBank.categoryId }, 'not_found');
  });

  it('disables a map: its nodes cannot be linked, it leaves the options, and enabling brings it back', async () => {
    const map = await createMap([{ code: 'N1', name: '节点' }]);
    const [node] = await tree(map.id);
    const options = async () => (await ok('/dataset-map/options', {}, teacher)).list;
    expect((await options()).find((m) => m.id === map.id)?.nodes).toEqual([
      { id: node!.id, code: 'N1', name: '节点', children: [] },
    ]);

    expect(await ok('/dataset-map/disable', { id: map.id })).toMatchObject({ enabled: false });
    expect((await options()).some((m) => m.id === map.id)).toBe(false);
    await fails(
      '/dataset-node/link-questions',
      { node_id: node!.id, question_ids: [bank.questionId] },
      'knowledge_map_disabled',
    );
    const disabledList = await ok('/dataset-map/list', { enabled: false });
    expect(disabledList.list.map((m) => m.id)).toContain(map.id);

    expect(await ok('/dataset-map/enable', { id: map.id })).toMatchObject({ enabled: true });
    expect(await ok('/dataset-node/link-questions', { node_id: node!.id, question_ids: [bank.questionId] })).toEqual({
      linked: 1,
    });
    expect((await options()).some((m) => m.id === map.id)).toBe(true);
  });

  it('deletes a map with its nodes and links, keeping the questions', async () => {
    const map = await createMap([
      { code: 'P', name: '父' },
      { code: 'C', name: '子', parent_code: 'P' },
    ]);
    const [parent] = await tree(map.id);
    await ok('/dataset-node/link-questions', { node_id: parent!.children[0]!.id, question_ids: [bank.questionId] });
    expect(await ok('/dataset-map/delete', { id: map.id })).toEqual({ ok: true });
    await fails('/dataset-map/detail', { id: map.id }, 'not_found');
    const nodes = await t.deps.db.select().from(schema.knowledgeNodes).where(eq(schema.knowledgeNodes.mapId, map.id));
    expect(nodes).toEqual([]);
    const [question] = await t.deps.db.select().from(schema.questions).where(eq(schema.questions.id, bank.questionId));
    expect(question).toBeDefined();
    const audit = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.targetType, 'knowledge_map'), eq(schema.auditLogs.targetId, String(map.id))))
      .orderBy(asc(schema.auditLogs.id));
    expect(audit.map((line) => line.action)).toEqual(['knowledge_map_create', 'knowledge_map_delete']);
  });

  it('draws a graph of the map root, nodes, labels and question counts', async () => {
    const label = await ok('/dataset-label/create', { name: `图标签-${unique()}`, color: '#ff0000' });
    const map = await createMap([
      { code: 'G1', name: '一' },
      { code: 'G2', name: '二', parent_code: 'G1' },
    ]);
    const [g1] = await tree(map.id);
    const g2 = g1!.children[0]!;
    await ok('/dataset-node/update', { id: g2.id, label_ids: [label.id] });
    await ok('/dataset-node/link-questions', { node_id: g2.id, question_ids: [bank.questionId] });
    const graph = await ok('/dataset-map/graph', { id: map.id }, teacher);
    expect(graph.map).toMatchObject({ id: map.id, enabled: true });
    expect(graph.nodes.map((n) => n.key)).toEqual([
      `map-${map.id}`,
      `node-${g1!.id}`,
      `node-${g2.id}`,
      `label-${label.id}`,
    ]);
    expect(graph.nodes[0]!.question_count).toBe(1);
    expect(graph.nodes[2]).toMatchObject({ kind: 'node', code: 'G2', question_count: 1 });
    expect(graph.nodes[3]).toMatchObject({ kind: 'label', color: '#ff0000' });
    expect(graph.edges).toEqual([
      { source: `map-${map.id}`, target: `node-${g1!.id}`, kind: 'parent' },
      { source: `node-${g1!.id}`, target: `node-${g2.id}`, kind: 'parent' },
      { source: `node-${g2.id}`, target: `label-${label.id}`, kind: 'label' },
    ]);
  });
});

describe('knowledge nodes', () => {
  it('creates, edits and moves nodes; codes are unique per map only', async () => {
    const map = await createMap();
    const other = await createMap([{ code: 'X1', name: '别处' }]);
    const label = await ok('/dataset-label/create', { name: `节点标签-${unique()}` });
    const root = await ok('/dataset-node/create', {
      map_id: map.id,
      code: 'X1',
      name: '根',
      skill: '理解',
      content: '说明',
      knowledge_points: ['a', 'b'],
      importance: 4,
      label_ids: [label.id],
    });
    expect(root).toMatchObject({ parent_id: null, skill: '理解', importance: 4, labels: [{ id: label.id }] });
    const child = await ok('/dataset-node/create', { map_id: map.id, parent_id: root.id, code: 'X2', name: '子' });
    await fails('/dataset-node/create', { map_id: map.id, code: 'X2', name: '重复' }, 'knowledge_node_code_taken');
    await fails('/dataset-node/update', { id: child.id, code: 'X1' }, 'knowledge_node_code_taken');

    const edited = await ok('/dataset-node/update', { id: root.id, name: '新根', label_ids: [] });
    expect(edited).toMatchObject({ name: '新根', skill: '理解', knowledge_points: ['a', 'b'], labels: [] });
    const moved = await ok('/dataset-node/move', { id: child.id, parent_id: null });
    expect(moved.parent_id).toBeNull();
    expect((await tree(map.id)).map((n) => n.code)).toEqual(['X1', 'X2']);
    expect((await tree(other.id)).map((n) => n.code)).toEqual(['X1']);
  });

  it('refuses a parent in another map, the node itself or one of its descendants', async () => {
    const map = await createMap([
      { code: 'A', name: 'a' },
      { code: 'B', name: 'b', parent_code: 'A' },
      { code: 'C', name: 'c', parent_code: 'B' },
    ]);
    const other = await createMap([{ code: 'Z', name: 'z' }]);
    const [a] = await tree(map.id);
    const b = a!.children[0]!;
    const c = b.children[0]!;
    const [z] = await tree(other.id);
    await fails(
      '/dataset-node/create',
      { map_id: map.id, parent_id: z!.id, code: 'D', name: 'd' },
      'knowledge_node_parent_wrong',
    );
    await fails('/dataset-node/move', { id: b.id, parent_id: z!.id }, 'knowledge_node_parent_wrong');
    await fails('/dataset-node/move', { id: a!.id, parent_id: a!.id }, 'knowledge_node_parent_wrong');
    await fails('/dataset-node/move', { id: a!.id, parent_id: c.id }, 'knowledge_node_parent_wrong');
    await fails('/dataset-node/update', { id: b.id, parent_id: c.id }, 'knowledge_node_parent_wrong');
    expect(await ok('/dataset-node/move', { id: c.id, parent_id: a!.id })).toMatchObject({ parent_id: a!.id });
  });

  it('deletes a node with its subtree and their links', async () => {
    const map = await createMap([
      { code: 'A', name: 'a' },
      { code: 'B', name: 'b', parent_code: 'A' },
      { code: 'C', name: 'c', parent_code: 'B' },
      { code: 'D', name: 'd' },
    ]);
    const [a] = await tree(map.id);
    await ok('/dataset-node/link-questions', {
      node_id: a!.children[0]!.children[0]!.id,
      question_ids: [bank.questionId],
    });
    expect(await ok('/dataset-node/delete', { id: a!.id })).toEqual({ ok: true, deleted: 3 });
    expect((await tree(map.id)).map((n) => n.code)).toEqual(['D']);
    expect(await ok('/dataset-map/detail', { id: map.id })).toMatchObject({ node_count: 1, question_count: 0 });
  });

  it('links and unlinks questions, counting each node and map once per question', async () => {
    const map = await createMap([{ code: 'L', name: 'l' }]);
    const [node] = await tree(map.id);
    expect(
      await ok('/dataset-node/link-questions', { node_id: node!.id, question_ids: [bank.questionId, bank.questionId] }),
    ).toEqual({ linked: 1 });
    expect(await ok('/dataset-node/link-questions', { node_id: node!.id, question_ids: [bank.questionId] })).toEqual({
      linked: 0,
    });
    expect((await tree(map.id))[0]!.question_count).toBe(1);
    expect(await ok('/dataset-map/detail', { id: map.id })).toMatchObject({ question_count: 1 });
    await fails(
      '/dataset-node/link-questions',
      { node_id: node!.id, question_ids: [otherBank.questionId] },
      'not_found',
    );
    await ok('/dataset-map/disable', { id: map.id });
    expect(await ok('/dataset-node/unlink-questions', { node_id: node!.id, question_ids: [bank.questionId] })).toEqual({
      unlinked: 1,
    });
    expect((await tree(map.id))[0]!.question_count).toBe(0);
  });

  it('lists every node of the organisation with search, map and path', async () => {
    const code = `Q${unique()}`;
    const map = await createMap([
      { code: `${code}-top`, name: '上' },
      { code: `${code}-sub`, name: '下', parent_code: `${code}-top`, knowledge_points: ['勾股定理'] },
    ]);
    const found = await ok('/dataset-node/list', { keyword: code });
    expect(found.total).toBe(2);
    const sub = found.list.find((n) => n.code === `${code}-sub`);
    expect(sub).toMatchObject({
      map_id: map.id,
      map_name: map.name,
      map_enabled: true,
      path: `${code}-top / ${code}-sub`,
    });
    const byPoint = await ok('/dataset-node/list', { keyword: '勾股定理', map_id: map.id });
    expect(byPoint.list.map((n) => n.code)).toEqual([`${code}-sub`]);
    const otherSite = await ok('/dataset-node/list', { keyword: code }, contentmgr);
    expect(otherSite.list.every((n) => n.map_id === map.id)).toBe(true);
  });
});

describe('knowledge labels', () => {
  it('creates, updates, shows and deletes labels; names are unique', async () => {
    const name = `标签-${unique()}`;
    const label = await ok('/dataset-label/create', { name, color: '#00aa00', description: '说明' });
    expect(label).toMatchObject({ name, color: '#00aa00', node_count: 0, question_count: 0 });
    await fails('/dataset-label/create', { name }, 'knowledge_label_name_taken');
    const second = await ok('/dataset-label/create', { name: `${name}-2` });
    await fails('/dataset-label/update', { id: second.id, name }, 'knowledge_label_name_taken');
    expect(await ok('/dataset-label/update', { id: label.id, color: '#123456' })).toMatchObject({
      name,
      color: '#123456',
      description: '说明',
    });

    const map = await createMap([{ code: 'N', name: '带标签' }]);
    const [node] = await tree(map.id);
    await ok('/dataset-node/update', { id: node!.id, label_ids: [label.id] });
    await t.deps.db.insert(schema.questionLabels).values({ questionId: bank.questionId, labelId: label.id });
    const detail = await ok('/dataset-label/detail', { id: label.id });
    expect(detail).toMatchObject({ node_count: 1, question_count: 1 });
    expect(detail.nodes).toEqual([{ id: node!.id, code: 'N', name: '带标签', map_id: map.id, map_name: map.name }]);
    expect(detail.questions.map((q) => q.id)).toEqual([bank.questionId]);

    const options = await ok('/dataset-label/options', {}, teacher);
    expect(options.list).toContainEqual({ id: label.id, name, color: '#123456' });

    expect(await ok('/dataset-label/delete', { id: label.id })).toEqual({ ok: true });
    expect((await tree(map.id))[0]!.labels).toEqual([]);
    await fails('/dataset-label/detail', { id: label.id }, 'not_found');
  });
});

describe('access', () => {
  it("lets teachers and managers read maps and labels but not change the organisation's; students see nothing", async () => {
    const map = await createMap([{ code: 'R', name: 'r' }]);
    await ok('/dataset-map/detail', { id: map.id }, teacher);
    await ok('/dataset-node/tree', { map_id: map.id }, teacher);
    await ok('/dataset-label/list', {}, teacher);
    // Teachers write only the maps of their courses (course-maps.test.ts).
    await fails('/dataset-map/create', { name: `t-${unique()}` }, 'knowledge_map_not_editable', teacher);
    await fails(
      '/dataset-node/create',
      { map_id: map.id, code: 'T', name: 't' },
      'knowledge_map_not_editable',
      teacher,
    );
    await fails('/dataset-label/create', { name: `t-${unique()}` }, 'forbidden', teacher);
    await fails('/dataset-map/list', {}, 'forbidden', student);
  });

  it("keeps each organisation's maps, nodes and labels to itself", async () => {
    await fails('/dataset-map/detail', { id: otherBank.mapId }, 'not_found');
    await fails('/dataset-node/tree', { map_id: otherBank.mapId }, 'not_found');
    await fails('/dataset-node/update', { id: otherBank.nodeId, name: 'x' }, 'not_found');
    await fails('/dataset-label/detail', { id: otherBank.labelId }, 'not_found');
    const map = await createMap([{ code: 'S', name: 's' }]);
    const [node] = await tree(map.id);
    await fails('/dataset-node/update', { id: node!.id, label_ids: [otherBank.labelId] }, 'not_found');
    const theirs = await ok('/dataset-map/options', {}, otherManager);
    expect(theirs.list.some((m) => m.id === map.id)).toBe(false);
    const ours = await ok('/dataset-map/list', { pageSize: 100 });
    expect(ours.list.some((m) => m.id === otherBank.mapId)).toBe(false);
  });
});
