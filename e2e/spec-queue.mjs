// The browser specs as a queue two (E2E_WORKERS) runners take from, each against a server of its own: the slowest
// specs first, so the runners end together; the specs that need the live-media server only on the runner that has it.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * Known to take longest (they open every menu page, or a phone's whole course): started first. Others follow from the
 * largest file down. A wrong guess only costs balance, never a result.
 */
const SLOW_FIRST = ['page-smoke', 'english-sweep', 'phone', 'courses', 'roles', 'workbench', 'exam-taking'];

function weight(root, spec) {
  const slow = SLOW_FIRST.findIndex((name) => path.basename(spec) === `${name}.spec.ts`);
  return slow >= 0 ? 1e9 - slow : statSync(path.join(root, spec)).size;
}

/** Runs one spec file with node's test runner (TAP); answers its output, pass and fail counts and seconds. */
function runSpec(root, spec, env) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', spec], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
      const pass = count('pass');
      // A spec that ended without counting a failure but did not succeed (a crash) is one failure.
      const fail = count('fail') + count('cancelled') || (code === 0 ? 0 : 1);
      resolve({ output, pass, fail, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/**
 * Runs `specs` on `runners` (each `{ env, media }`: the environment of its specs; `media` for the one whose server
 * has Janus), printing each spec's output whole when it ends; answers the summed counts.
 */
export async function runQueue(root, specs, runners, needsMedia) {
  const queue = [...specs].sort((a, b) => weight(root, b) - weight(root, a));
  const totals = { pass: 0, fail: 0 };
  const takeFor = (runner) => {
    const index = queue.findIndex((spec) => runner.media || !needsMedia(spec));
    return index < 0 ? undefined : queue.splice(index, 1)[0];
  };
  await Promise.all(
    runners.map(async (runner, number) => {
      for (let spec = takeFor(runner); spec; spec = takeFor(runner)) {
        const result = await runSpec(root, spec, runner.env);
        totals.pass += result.pass;
        totals.fail += result.fail;
        const verdict = result.fail > 0 ? 'FAILED' : 'passed';
        process.stdout.write(`# ${spec}: ${verdict} in ${result.seconds.toFixed(1)} s (runner ${number + 1})\n`);
        process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
      }
    }),
  );
  return totals;
}
