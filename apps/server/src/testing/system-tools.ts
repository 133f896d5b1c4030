import { spawnSync } from 'node:child_process';

/**
 * Whether a system tool the README calls optional (ffmpeg…) answers on this machine (`command -version`, or
 * `versionArgs` for a tool that wants `--version`). Where it is missing the tests that need it are skipped with the
 * reason printed; under CI=true (where .ci/run installs every tool) a missing tool fails the test file instead, so CI
 * never passes without running them.
 */
export function systemToolPresent(command: string, needs: string, versionArgs = ['-version']): boolean {
  const present = spawnSync(command, versionArgs, { stdio: 'ignore' }).status === 0;
  if (present) return true;
  const reason = `${command} is not installed, so ${needs} cannot run`;
  if (process.env.CI === 'true') throw new Error(`${reason}: CI installs it (.ci/run)`);
  console.log(`Skipped: ${reason} (install it to run them; README: optional tools).`);
  return false;
}
