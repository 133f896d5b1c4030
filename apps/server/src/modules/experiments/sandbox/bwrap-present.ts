import { systemToolPresent } from '../../../testing/system-tools.ts';
import { BubblewrapProvider } from './bubblewrap-provider.ts';
import { availableLanguages, type LanguageId } from './languages.ts';

/**
 * For tests: a bubblewrap provider when the sandbox can run here, else null. Like `systemToolPresent` (whose check
 * of bwrap and GNU time it uses), a missing piece skips the tests with the reason printed, and under CI=true (where
 * .ci/run installs bubblewrap and time) fails the test file instead. Bubblewrap being installed is not enough (a
 * kernel or AppArmor may refuse its user namespaces): the provider's own check starts a sandbox.
 */
export function bubblewrapPresent(
  needs: string,
  options: ConstructorParameters<typeof BubblewrapProvider>[0] = {},
): BubblewrapProvider | null {
  if (!systemToolPresent('bwrap', needs, ['--version'])) return null;
  if (!systemToolPresent('/usr/bin/time', needs, ['--version'])) return null;
  const provider = new BubblewrapProvider(options);
  const check = provider.check();
  if (check.ok) return provider;
  const reason = `the sandbox cannot run here (${check.problems.join('; ')}), so ${needs} cannot run`;
  if (process.env.CI === 'true') throw new Error(`${reason}: CI must be able to run it (.ci/run)`);
  console.log(`Skipped: ${reason}.`);
  return null;
}

/** Languages CI must have (.ci/run's machine); Java is optional everywhere. */
const REQUIRED_IN_CI: LanguageId[] = ['python3', 'javascript', 'c', 'cpp'];

/**
 * For tests: whether a language is installed. A missing one is skipped with the reason printed, except under CI=true
 * for the languages CI must have, where it fails the test file.
 */
export function languagePresent(id: LanguageId, needs: string): boolean {
  const language = availableLanguages().find((l) => l.id === id)!;
  if (language.available) return true;
  const reason = `${language.title} is not available (${language.missing}), so ${needs} cannot run`;
  if (process.env.CI === 'true' && REQUIRED_IN_CI.includes(id)) throw new Error(`${reason}: CI installs it`);
  console.log(`Skipped: ${reason}.`);
  return false;
}
