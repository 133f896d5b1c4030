import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember } from '../../testing/audiences.ts';
import { demoSiteIds } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createExperiment, FakeSandbox, SUM_EXPERIMENT } from './experiment-test-kit.ts';
import { useSandbox } from './sandbox-of.ts';

let t: TestApp;
let teacher: FreshMember;
let contentManager: FreshMember;
let student: FreshMember;
let otherTeacher: FreshMember;

beforeAll(async () => {
  t = await createTestApp();
  const { siteId, otherSiteId } = await demoSiteIds(t);
  teacher = await freshMember(t, siteId, 'role_teacher');
  contentManager = await freshMember(t, siteId, 'role_content_manager');
  student = await freshMember(t, siteId, 'role_student');
  otherTeacher = await freshMember(t, otherSiteId, 'role_teacher');
});
afterAll(() => t.close());

describe('authors', () => {
  it('create, read, list, update and delete experiments; instructions are sanitised', async () => {
    const created = await createExperiment(t, teacher.token);
    expect(created).toMatchObject({ title: 'Sum', kind: 'code', case_count: 3, submission_count: 0 });
    expect(created.instructions).toBe('<p>Print the sum</p>');
    expect(created.cases[2]).toMatchObject({ hidden: true, expected: '-10\n', comparison: 'trim' });
    const detail = await call(t.app, '/dataset-experiment/detail', { id: created.id }, { token: contentManager.token });
    expect(detail.body.data).toEqual(created);
    const list = await call(t.app, '/dataset-experiment/list', { keyword: 'Su' }, { token: teacher.token });
    expect(list.body.data!.list.map((row) => row.id)).toContain(created.id);
    const updated = await call(
      t.app,
      '/dataset-experiment/update',
      { ...SUM_EXPERIMENT, id: created.id, title: 'Sum of two', cases: [] },
      { token: contentManager.token },
    );
    expect(updated.body.data).toMatchObject({ title: 'Sum of two', case_count: 0 });
    const deleted = await call(t.app, '/dataset-experiment/delete', { id: created.id }, { token: teacher.token });
    expect(deleted.body.data).toEqual({ ok: true });
    const gone = await call(t.app, '/dataset-experiment/detail', { id: created.id }, { token: teacher.token });
    expect(gone.body.error).toBe('not_found');
  });

  it('lists the languages with their versions or why they are missing', async () => {
    const answer = await call(t.app, '/dataset-experiment/languages', {}, { token: teacher.token });
    const python = answer.body.data!.find((language) => language.id === 'python3')!;
    expect(python).toMatchObject({ name: 'Python 3', present: true, reason: null });
    for (const language of answer.body.data!)
      expect(language.present ? language.version : language.reason).toBeTruthy();
  });

  it('refuse a student, and another organisation gets not_found', async () => {
    const refused = await call(t.app, '/dataset-experiment/create', SUM_EXPERIMENT, { token: student.token });
    expect(refused.status).toBe(403);
    const created = await createExperiment(t, teacher.token);
    for (const path of ['/dataset-experiment/detail', '/dataset-experiment/student-detail'] as const) {
      const answer = await call(t.app, path, { id: created.id }, { token: otherTeacher.token });
      expect(answer.body.error).toBe('not_found');
    }
    const run = await call(
      t.app,
      '/dataset-experiment/submit',
      { id: created.id, code: 'x' },
      { token: otherTeacher.token },
    );
    expect(run.body.error).toBe('not_found');
  });

  it('refuse bad input with clear codes', async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ limits: { ...SUM_EXPERIMENT.limits, cpu_ms: 50 } }, 'invalid_input', 'limits.cpu_ms'],
      [{ limits: { ...SUM_EXPERIMENT.limits, memory_mb: 4096 } }, 'invalid_input', 'limits.memory_mb'],
      [{ language: 'cobol' }, 'invalid_input', 'language'],
      [{ starter_code: 'x'.repeat(64_001) }, 'invalid_input', 'starter_code'],
      [{ kind: 'terminal' }, 'experiment_kind_unsupported'],
      [{ title: ' ' }, 'invalid_input', 'title'],
    ];
    for (const [input, code, field] of cases) {
      const answer = await call(
        t.app,
        '/dataset-experiment/create',
        { ...SUM_EXPERIMENT, ...input },
        { token: teacher.token },
      );
      expect(answer.body.error, JSON.stringify(input).slice(0, 80)).toBe(code);
      if (field) expect(JSON.stringify(answer.body.details)).toContain(field);
    }
    const created = await createExperiment(t, teacher.token);
    for (const code of ['', 'x'.repeat(64_001)]) {
      const answer = await call(
        t.app,
        '/dataset-experiment/submit',
        { id: created.id, code },
        { token: student.token },
      );
      expect(answer.body.error).toBe('invalid_input');
    }
  });
});

describe('learners', () => {
  it('see visible cases only, and no drafts', async () => {
    const created = await createExperiment(t, teacher.token);
    const seen = await call(t.app, '/dataset-experiment/student-detail', { id: created.id }, { token: student.token });
    expect(seen.body.data!.cases).toEqual([
      { index: 0, hidden: false, weight: 1, stdin: '1 2\n', expected: '3\n' },
      { index: 1, hidden: false, weight: 1, stdin: '-5 5\n', expected: '0\n' },
      { index: 2, hidden: true, weight: 1, stdin: null, expected: null },
    ]);
    expect(JSON.stringify(seen.body)).not.toContain('-10');
    const detail = await call(t.app, '/dataset-experiment/detail', { id: created.id }, { token: student.token });
    expect(detail.status).toBe(403);
    const draft = await createExperiment(t, teacher.token, { status: 'draft' });
    const hidden = await call(t.app, '/dataset-experiment/student-detail', { id: draft.id }, { token: student.token });
    expect(hidden.body.error).toBe('not_found');
  });

  it('get sandbox_unavailable where the sandbox cannot run, and nothing is queued', async () => {
    const created = await createExperiment(t, teacher.token);
    const broken = new FakeSandbox();
    broken.check = () => ({ ok: false, problems: ['bwrap is not installed (Debian package: bubblewrap)'] });
    useSandbox(t.deps, broken);
    const answer = await call(
      t.app,
      '/dataset-experiment/code-run',
      { id: created.id, code: 'print(1)' },
      { token: student.token },
    );
    expect(answer.status).toBe(503);
    expect(answer.body.error).toBe('sandbox_unavailable');
    const history = await call(t.app, '/dataset-experiment/submissions', { id: created.id }, { token: student.token });
    expect(history.body.data!.total).toBe(0);
  });

  it('cannot submit to an experiment without cases; a deletion with submissions needs force', async () => {
    useSandbox(t.deps, new FakeSandbox());
    const empty = await createExperiment(t, teacher.token, { cases: [] });
    const refused = await call(
      t.app,
      '/dataset-experiment/submit',
      { id: empty.id, code: 'print(1)' },
      { token: student.token },
    );
    expect(refused.body.error).toBe('experiment_no_cases');
    const ran = await call(
      t.app,
      '/dataset-experiment/code-run',
      { id: empty.id, code: 'print(1)' },
      { token: student.token },
    );
    expect(ran.status).toBe(200);
    const kept = await call(t.app, '/dataset-experiment/delete', { id: empty.id }, { token: teacher.token });
    expect(kept.body).toMatchObject({ error: 'experiment_has_submissions' });
    const forced = await call(
      t.app,
      '/dataset-experiment/delete',
      { id: empty.id, force: true },
      { token: teacher.token },
    );
    expect(forced.body.data).toEqual({ ok: true });
  });
});
