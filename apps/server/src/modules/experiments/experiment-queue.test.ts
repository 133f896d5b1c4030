import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FreshMember, freshMember } from '../../testing/audiences.ts';
import { demoSiteIds } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createExperiment, FakeSandbox, finished } from './experiment-test-kit.ts';
import { bubblewrapPresent, languagePresent } from './sandbox/bwrap-present.ts';
import { useSandbox } from './sandbox-of.ts';
import { SUBMISSION_CONCURRENCY, workSubmission } from './submission-job.ts';

const real = bubblewrapPresent('the queued runs in the sandbox');
const python = real !== null && languagePresent('python3', 'the queued Python runs');

let t: TestApp;
let teacher: FreshMember;
let student: FreshMember;
let experimentId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { siteId } = await demoSiteIds(t);
  teacher = await freshMember(t, siteId, 'role_teacher');
  student = await freshMember(t, siteId, 'role_student');
  experimentId = (await createExperiment(t, teacher.token)).id;
});
afterAll(() => t.close());

const submit = async (code: string, member = student) => {
  const answer = await call(t.app, '/dataset-experiment/submit', { id: experimentId, code }, { token: member.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data!;
};

describe.runIf(python)('in the sandbox', () => {
  beforeAll(() => useSandbox(t.deps, real!));

  it('a Python run answers its stdout for the learner’s own input', async () => {
    const queued = await call(
      t.app,
      '/dataset-experiment/code-run',
      { id: experimentId, code: 'print(input()[::-1])', stdin: 'hello\n' },
      { token: student.token },
    );
    expect(queued.body.data).toMatchObject({ status: 'queued', place: 1 });
    const done = await finished(t, student.token, queued.body.data!.id);
    expect(done).toMatchObject({ kind: 'run', status: 'done', stdin: 'hello\n', score: null });
    expect(done.result).toMatchObject({ status: 'ok', exit_code: 0, stdout: 'olleh\n' });
  }, 60_000);

  it('a submit earns partial credit, hidden cases reduced to passed/failed for the learner', async () => {
    // Wrong when the first number is negative: the second case fails, 2 of 3 points.
    const queued = await submit('a, b = map(int, input().split())\nprint(abs(a) + b)\n');
    const done = await finished(t, student.token, queued.id);
    expect(done).toMatchObject({ kind: 'submit', status: 'done', score: 2, max_score: 3 });
    const cases = done.result!.cases!;
    expect(cases.map((c) => c.passed)).toEqual([true, false, true]);
    expect(cases[1]).toMatchObject({ status: 'wrong_answer', stdout_head: '10\n' });
    expect(cases[2]).toEqual({ index: 2, hidden: true, passed: true, weight: 1, score: 1 });
    const full = await call(
      t.app,
      '/dataset-experiment/submission',
      { submission_id: queued.id },
      { token: teacher.token },
    );
    expect(full.body.data!.result!.cases![2]).toMatchObject({ status: 'passed', hidden: true });
  }, 60_000);
});

describe('the queue', () => {
  it('keeps a class in order and tells each its place', async () => {
    const fake = new FakeSandbox();
    useSandbox(t.deps, fake);
    fake.close();
    // Occupy every worker of this server, then queue a class.
    const blockers: Array<{ id: number }> = [];
    for (let i = 0; i < SUBMISSION_CONCURRENCY; i++) blockers.push(await submit(`print(${i})`));
    await vi.waitFor(
      async () => {
        for (const blocker of blockers) {
          const seen = await call(
            t.app,
            '/dataset-experiment/submission',
            { submission_id: blocker.id },
            { token: student.token },
          );
          expect(seen.body.data!.status).toBe('running');
        }
      },
      { timeout: 20_000, interval: 100 },
    );
    const classmates = await Promise.all(
      [1, 2, 3, 4].map(() => teacherSite().then((siteId) => freshMember(t, siteId, 'role_student'))),
    );
    const queued = [];
    for (const member of classmates) queued.push(await submit('print(1)', member));
    expect(queued.map((q) => q.place)).toEqual([1, 2, 3, 4]);
    const third = await call(
      t.app,
      '/dataset-experiment/submission',
      { submission_id: queued[2]!.id },
      { token: classmates[2]!.token },
    );
    expect(third.body.data).toMatchObject({ status: 'queued', place: 3 });
    const history = await call(
      t.app,
      '/dataset-experiment/submissions',
      { id: experimentId },
      { token: classmates[0]!.token },
    );
    expect(history.body.data!.list).toMatchObject([{ id: queued[0]!.id, place: 1, status: 'queued' }]);
    fake.openGate();
    const results = [];
    for (const [index, q] of queued.entries()) results.push(await finished(t, classmates[index]!.token, q.id));
    expect(results.every((r) => r.status === 'done' && r.max_score === 3)).toBe(true);
    if (SUBMISSION_CONCURRENCY === 1) {
      const starts = results.map((r) => Date.parse(r.started_at!));
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    }
  }, 60_000);

  it('does not grade a retried job twice, and a crash fails the submission with its message', async () => {
    const fake = new FakeSandbox();
    useSandbox(t.deps, fake);
    const [row] = await t.deps.db
      .insert(schema.experimentSubmissions)
      .values({
        siteId: await teacherSite(),
        experimentId,
        userId: student.id,
        kind: 'submit',
        language: 'python3',
        code: 'x',
      })
      .returning();
    const data = { siteId: row!.siteId, submissionId: row!.id };
    await Promise.all([workSubmission(t.deps, data), workSubmission(t.deps, data)]);
    await workSubmission(t.deps, data);
    expect(fake.runs).toBe(1 + 3); // one compile, three cases: graded once
    const pushed = vi.spyOn(t.deps.hub, 'publishToUser');
    fake.fail = 'the sandbox fell over';
    const crashed = await submit('print(2)');
    const failed = await finished(t, student.token, crashed.id);
    expect(failed).toMatchObject({ status: 'failed', result: { status: 'failed', message: 'the sandbox fell over' } });
    expect(pushed).toHaveBeenCalledWith(student.id, {
      data: expect.objectContaining({ action: 'experiment', submission_id: crashed.id, status: 'failed' }),
    });
    pushed.mockRestore();
  }, 60_000);
});

async function teacherSite(): Promise<number> {
  return (await demoSiteIds(t)).siteId;
}
