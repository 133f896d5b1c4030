import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const guard = path.join(import.meta.dirname, 'process-guard.ts');

/** Runs a script in a Node process of its own (the guard changes process-wide handlers), answering what it printed. */
function runScript(body: string) {
  const script = `import { installProcessGuard } from ${JSON.stringify(guard)};
installProcessGuard({ error: (fields, message) => console.log('LOGGED', message, String(fields.err?.message)) });
${body}
setTimeout(() => console.log('STILL SERVING'), 200);`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('the process guard', () => {
  it('logs a rejection nobody handles and keeps the process running', () => {
    const run = runScript(`Promise.reject(new Error('count query failed'));`);
    expect(run.stdout).toContain('LOGGED unhandled promise rejection');
    expect(run.stdout).toContain('count query failed');
    expect(run.stdout).toContain('STILL SERVING');
    expect(run.status).toBe(0);
  });

  it('logs an exception thrown outside any request and keeps the process running', () => {
    const run = runScript(`setTimeout(() => { throw new Error('timer failed'); }, 10);`);
    expect(run.stdout).toContain('LOGGED uncaught exception');
    expect(run.stdout).toContain('timer failed');
    expect(run.stdout).toContain('STILL SERVING');
    expect(run.status).toBe(0);
  });

  it('without it, such a rejection ends the process (what the guard prevents)', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `Promise.reject(new Error('x')); setTimeout(() => console.log('STILL SERVING'), 200);`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(run.stdout).not.toContain('STILL SERVING');
    expect(run.status).not.toBe(0);
  });
});
