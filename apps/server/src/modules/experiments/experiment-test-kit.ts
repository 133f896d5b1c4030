import { expect } from 'vitest';
import { call, type TestApp } from '../../testing/test-app.ts';
import type { ProviderCheck, RunResult, SandboxProvider, SandboxRequest } from './sandbox/sandbox-provider.ts';

/** A Python experiment's input: echo the sum of two numbers, 3 cases (the last hidden). */
export const SUM_EXPERIMENT = {
  title: 'Sum',
  kind: 'code' as const,
  language: 'python3' as const,
  instructions: '<p>Print the sum</p><script>alert(1)</script>',
  starter_code: 'a, b = map(int, input().split())\n',
  limits: { cpu_ms: 1000, wall_ms: 3000, memory_mb: 128, output_kb: 64 },
  cases: [
    { stdin: '1 2\n', expected: '3\n', weight: 1, hidden: false },
    { stdin: '-5 5\n', expected: '0\n', weight: 1, hidden: false },
    { stdin: '10 -20\n', expected: '-10\n', weight: 1, hidden: true },
  ],
  status: 'published' as const,
};

export async function createExperiment(t: TestApp, token: string, input: Record<string, unknown> = {}) {
  const created = await call(t.app, '/dataset-experiment/create', { ...SUM_EXPERIMENT, ...input }, { token });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data!;
}

/** Polls a submission until it is done or failed. */
export async function finished(t: TestApp, token: string, id: number, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call(t.app, '/dataset-experiment/submission', { submission_id: id }, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    if (answer.body.data!.status === 'done' || answer.body.data!.status === 'failed') return answer.body.data!;
    if (Date.now() > until) throw new Error(`submission ${id} still ${answer.body.data!.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A sandbox for queue tests without bubblewrap: every run answers `ok` with its input as output after `gate` opens;
 * `runs` counts the calls, `fail` makes the next runs throw.
 */
export class FakeSandbox implements SandboxProvider {
  readonly name = 'fake';
  runs = 0;
  fail: string | null = null;
  private open: Promise<void> = Promise.resolve();
  private release: () => void = () => undefined;

  check(): ProviderCheck {
    return { ok: true, problems: [] };
  }

  close(): void {
    this.open = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  openGate(): void {
    this.release();
  }

  async run(request: SandboxRequest): Promise<RunResult> {
    this.runs++;
    await this.open;
    if (this.fail) throw new Error(this.fail);
    const stdout = typeof request.stdin === 'string' ? request.stdin : '';
    return { status: 'ok', exitCode: 0, signal: null, stdout, stderr: '', cpuMs: 1, wallMs: 1, memoryBytes: 1 };
  }
}
