import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember } from '../../testing/audiences.ts';
import { ok, refused } from '../../testing/courses.ts';
import { createQuestionBankFixture, type QuestionBankFixture } from '../../testing/question-bank.ts';
import { demoSiteIds } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Knowledge maps made for a course (docs/knowledge-maps.md, "Course maps"): the course's teachers and managers edit
// them, teachers nothing else; content managers still edit every map.

let t: TestApp;
let siteId: number;
let otherSiteId: number;
let teacher: FreshMember;
let viewer: FreshMember;
let stranger: FreshMember;
let manager: FreshMember;
let contentManager: FreshMember;
let bank: QuestionBankFixture;
let otherBank: QuestionBankFixture;
let courseId: number;
let otherCourseId: number;
let mapId: number;
let nodeId: number;

const tag = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId, otherSiteId } = await demoSiteIds(t));
  teacher = await freshMember(t, siteId, 'role_teacher');
  viewer = await freshMember(t, siteId, 'role_teacher');
  stranger = await freshMember(t, siteId, 'role_teacher');
  manager = await freshMember(t, siteId, 'role_manager');
  contentManager = await freshMember(t, siteId, 'role_content_manager');
  bank = await createQuestionBankFixture(t, siteId);
  otherBank = await createQuestionBankFixture(t, otherSiteId);
  courseId = (await ok(t, '/dataset-course/create', { name: `Maps ${tag()}` }, teacher.token)).id;
  await ok(t, '/dataset-course/teachers-set', { id: courseId, user_ids: [viewer.id] }, teacher.token);
  otherCourseId = (await ok(t, '/dataset-course/create', { name: `Other ${tag()}` }, stranger.token)).id;
});
afterAll(() => t.close());

describe('a teacher and the maps of their course', () => {
  it('creates a map for the course, adds nodes and links a question', async () => {
    const map = await ok(
      t,
      '/dataset-map/create',
      { name: `课程图谱-${tag()}`, course_id: courseId, nodes: [{ code: 'A', name: 'Start' }] },
      teacher.token,
    );
    expect([map.course_id, map.node_count]).toEqual([courseId, 1]);
    mapId = map.id;
    nodeId = (await ok(t, '/dataset-node/create', { map_id: mapId, code: 'B', name: 'Next' }, teacher.token)).id;
    await ok(t, '/dataset-node/update', { id: nodeId, name: 'Next step' }, teacher.token);
    expect(
      (await ok(t, '/dataset-node/link-questions', { node_id: nodeId, question_ids: [bank.questionId] }, teacher.token))
        .linked,
    ).toBe(1);
    await ok(t, '/dataset-map/update', { id: mapId, description: 'for week 1' }, teacher.token);
    const listed = await ok(t, '/dataset-map/list', { course_id: courseId }, teacher.token);
    expect(listed.list.map((row) => [row.id, row.node_count, row.question_count])).toEqual([[mapId, 2, 1]]);
  });

  it('keeps it a map of the organisation for readers: the options and the node tree show it', async () => {
    const options = await ok(t, '/dataset-map/options', {}, stranger.token);
    expect(options.list.some((option) => option.id === mapId)).toBe(true);
    const tree = await ok(t, '/dataset-node/tree', { map_id: mapId }, stranger.token);
    expect(tree.list.map((node) => node.code)).toEqual(['A', 'B']);
  });

  it('is refused a course it has no part in and every write on an organisation map', async () => {
    const foreign = { name: `x-${tag()}`, course_id: otherCourseId };
    expect(await refused(t, '/dataset-map/create', foreign, teacher.token)).toBe('knowledge_map_not_editable');
    expect(await refused(t, '/dataset-map/create', { name: `x-${tag()}` }, teacher.token)).toBe(
      'knowledge_map_not_editable',
    );
    const writes: [Parameters<typeof refused>[1], Record<string, unknown>][] = [
      ['/dataset-map/update', { id: bank.mapId, description: 'mine now' }],
      ['/dataset-map/disable', { id: bank.mapId }],
      ['/dataset-map/delete', { id: bank.mapId }],
      ['/dataset-node/create', { map_id: bank.mapId, code: 'Z', name: 'Z' }],
      ['/dataset-node/update', { id: bank.nodeId, name: 'renamed' }],
      ['/dataset-node/move', { id: bank.nodeId, parent_id: null }],
      ['/dataset-node/link-questions', { node_id: bank.nodeId, question_ids: [bank.questionId] }],
      ['/dataset-node/unlink-questions', { node_id: bank.nodeId, question_ids: [bank.questionId] }],
      ['/dataset-node/delete', { id: bank.nodeId }],
    ];
    for (const [path, body] of writes)
      expect(await refused(t, path, body, teacher.token), path).toBe('knowledge_map_not_editable');
    const still = await ok(t, '/dataset-map/detail', { id: bank.mapId }, contentManager.token);
    expect([still.enabled, still.node_count, still.question_count]).toEqual([true, 1, 1]);
  });

  it('answers not_found for a course of another organisation or one the caller may not view', async () => {
    expect(await refused(t, '/dataset-map/list', { course_id: otherCourseId }, teacher.token)).toBe('not_found');
    expect(await refused(t, '/dataset-map/create', { name: `x-${tag()}`, course_id: 1e9 }, teacher.token)).toBe(
      'not_found',
    );
    expect(
      await refused(t, '/dataset-node/create', { map_id: otherBank.mapId, code: 'Q', name: 'Q' }, teacher.token),
    ).toBe('not_found');
  });
});

describe('other teachers, managers and content managers', () => {
  it('refuses another teacher and a co-teacher who may only view, and changes nothing', async () => {
    for (const who of [stranger, viewer]) {
      expect(await refused(t, '/dataset-node/create', { map_id: mapId, code: 'C', name: 'C' }, who.token)).toBe(
        'knowledge_map_not_editable',
      );
      expect(await refused(t, '/dataset-map/delete', { id: mapId }, who.token)).toBe('knowledge_map_not_editable');
      expect(await refused(t, '/dataset-node/delete', { id: nodeId }, who.token)).toBe('knowledge_map_not_editable');
    }
    expect((await ok(t, '/dataset-map/detail', { id: mapId }, teacher.token)).node_count).toBe(2);
    // The co-teacher sees the course's maps; the stranger does not.
    expect((await ok(t, '/dataset-map/list', { course_id: courseId }, viewer.token)).total).toBe(1);
    expect(await refused(t, '/dataset-map/list', { course_id: courseId }, stranger.token)).toBe('not_found');
  });

  it('lets a manager edit the course map but not an organisation map', async () => {
    await ok(t, '/dataset-node/create', { map_id: mapId, code: 'M', name: 'Manager node' }, manager.token);
    await ok(t, '/dataset-map/disable', { id: mapId }, manager.token);
    await ok(t, '/dataset-map/enable', { id: mapId }, manager.token);
    expect(await refused(t, '/dataset-map/update', { id: bank.mapId, description: 'x' }, manager.token)).toBe(
      'knowledge_map_not_editable',
    );
    expect((await ok(t, '/dataset-map/list', { course_id: courseId }, manager.token)).total).toBe(1);
  });

  it('lets a content manager edit every map, course maps included', async () => {
    await ok(t, '/dataset-node/update', { id: nodeId, importance: 5 }, contentManager.token);
    await ok(t, '/dataset-map/update', { id: bank.mapId, description: 'reviewed' }, contentManager.token);
    const made = await ok(
      t,
      '/dataset-map/create',
      { name: `内容-${tag()}`, course_id: otherCourseId },
      contentManager.token,
    );
    expect(made.course_id).toBe(otherCourseId);
    expect((await ok(t, '/dataset-map/list', { course_id: otherCourseId }, contentManager.token)).total).toBe(1);
  });

  it('makes an archived course map read-only for its teachers, and deletes the maps with the course', async () => {
    await ok(t, '/dataset-course/archive', { id: courseId }, teacher.token);
    expect(await refused(t, '/dataset-node/update', { id: nodeId, name: 'late' }, teacher.token)).toBe(
      'course_archived',
    );
    await ok(t, '/dataset-course/delete', { id: courseId }, teacher.token);
    expect(await refused(t, '/dataset-map/detail', { id: mapId }, contentManager.token)).toBe('not_found');
  });
});
