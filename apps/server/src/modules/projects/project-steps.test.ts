import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTemplate, createCatalogue, ok, walkWizard } from '../../testing/project-wizard.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let producer: string;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  producer = await sessionFor(t, 'producer');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

type Step = Record<string, unknown>;

async function project() {
  const walked = await walkWizard(t, producer, siteId, { items: 4, batches: [2, 2], until: 'batches' });
  const execute = (key: string, name: string, extra: Step = {}): Step => ({
    key,
    name,
    type: 'execute',
    category_id: walked.categoryId,
    template_id: walked.templateId,
    ...extra,
  });
  return { ...walked, execute };
}

const save = (projectId: number, steps: Step[]) =>
  call(t.app, '/step/save', { project_id: projectId, steps }, { token: producer });

describe('/step/save rules', () => {
  it('refuses duplicate names, names outside 2-6, and no steps at all', async () => {
    const p = await project();
    const dup = await save(p.projectId, [p.execute('a', '标注'), p.execute('b', '标注')]);
    expect(dup.body.error).toBe('step_name_duplicate');
    expect(dup.body.message).toContain('标注');
    expect((await save(p.projectId, [p.execute('a', '标')])).body.error).toBe('invalid_input');
    expect((await save(p.projectId, [p.execute('a', '一二三四五六七')])).body.error).toBe('invalid_input');
    expect((await save(p.projectId, [])).body.error).toBe('invalid_input');
  });

  it('needs a category and template on execute steps, of the same category, usable by the organisation', async () => {
    const p = await project();
    const bare = await save(p.projectId, [p.execute('a', '标注', { template_id: null })]);
    expect(bare.body.error).toBe('step_template_required');
    const noCategory = await save(p.projectId, [p.execute('a', '标注', { category_id: null })]);
    expect(noCategory.body.error).toBe('step_template_required');
    const other = await createCatalogue(t, null);
    const mismatch = await save(p.projectId, [p.execute('a', '标注', { template_id: other.templateId })]);
    expect(mismatch.body.error).toBe('template_category_mismatch');
    const foreign = await addTemplate(t, await siteIdByName(t, '星河数据'), p.categoryId);
    const hidden = await save(p.projectId, [p.execute('a', '标注', { template_id: foreign })]);
    expect(hidden.body.error).toBe('not_found');
  });

  it('hangs audit, qc and acceptance under an execute step with a template, and needs an execute step', async () => {
    const p = await project();
    const review = (key: string, name: string, type: string, parent_key?: string): Step => ({
      key,
      name,
      type,
      parent_key,
    });
    const orphan = await save(p.projectId, [p.execute('a', '标注'), review('b', '审核', 'audit')]);
    expect(orphan.body.error).toBe('step_parent_wrong');
    const underReview = await save(p.projectId, [
      p.execute('a', '标注'),
      review('b', '审核', 'audit', 'a'),
      review('c', '质检', 'qc', 'b'),
    ]);
    expect(underReview.body.error).toBe('step_parent_wrong');
    const unknownParent = await save(p.projectId, [p.execute('a', '标注'), review('b', '验收', 'acceptance', 'zz')]);
    expect(unknownParent.body.error).toBe('step_parent_wrong');
    const onlyReview = await save(p.projectId, [review('b', '审核', 'audit', 'b')]);
    expect(onlyReview.body.error).toBe('step_parent_wrong');
  });

  it('keeps the order, links parents, and keeps the ids and tasks of steps saved again', async () => {
    const p = await project();
    const first = await ok(t, producer, '/step/save', {
      project_id: p.projectId,
      steps: [
        p.execute('a', '标注'),
        { key: 'b', name: '审核', type: 'audit', parent_key: 'a', config: { review_order: 'operator' } },
        { key: 'c', name: '质检', type: 'qc', parent_key: 'a', config: { qc_ratio: 10 } },
      ],
    });
    expect(first.list.map((s) => [s.name, s.seq])).toEqual([
      ['标注', 1],
      ['审核', 2],
      ['质检', 3],
    ]);
    const [exec, audit, qc] = first.list;
    if (!exec || !audit || !qc) throw new Error('the three steps are not listed');
    expect(audit.parent_step_id).toBe(exec.id);
    expect(qc.config).toEqual({ review_order: 'data', review_random: false, qc_ratio: 10, open_audit_edit: false });
    expect(exec.template_name).toBe('tpl');
    const tasks = await ok(t, producer, '/project/task-list', { project_id: p.projectId });
    await ok(t, producer, '/project/task-save', { project_id: p.projectId, tasks: tasks.list });
    // Swap two names, drop the qc step: ids stay, the qc step's tasks go, task names follow.
    const second = await ok(t, producer, '/step/save', {
      project_id: p.projectId,
      steps: [
        { ...p.execute(String(exec.id), '审核') },
        { key: String(audit.id), name: '标注', type: 'audit', parent_key: String(exec.id) },
      ],
    });
    expect(second.list.map((s) => [s.id, s.name])).toEqual([
      [exec.id, '审核'],
      [audit.id, '标注'],
    ]);
    const after = await ok(t, producer, '/project/task-list', { project_id: p.projectId });
    expect(after.list).toHaveLength(4);
    expect(after.list.every((task) => task.id !== null)).toBe(true);
    expect(after.list[0]!.name).toBe('审核 · B1');
    const detail = await ok(t, producer, '/project/detail', { id: p.projectId });
    expect(detail).toMatchObject({ step_count: 2, task_count: 4, wizard_step: 7 });
    const records = await ok(t, producer, '/project/records', { project_id: p.projectId });
    expect(records.list[0]!.action).toBe('project_save_steps');
    expect(records.list[0]!.details).toHaveProperty('before.length', 3);
  });

  it('cannot change once the project is published', async () => {
    const p = await walkWizard(t, producer, siteId);
    await ok(t, producer, '/project/publish', { id: p.projectId });
    const result = await save(p.projectId, [
      {
        key: String(p.stepId),
        name: '新名',
        type: 'execute',
        category_id: p.categoryId,
        template_id: p.templateId,
      },
    ]);
    expect(result.body.error).toBe('project_not_editable');
  });
});
