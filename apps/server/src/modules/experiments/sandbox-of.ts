import type { AppDeps } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { BubblewrapProvider } from './sandbox/bubblewrap-provider.ts';
import { availableLanguages, type LanguageId } from './sandbox/languages.ts';
import type { SandboxProvider } from './sandbox/sandbox-provider.ts';

/** The one sandbox of this process (its check is cached), unless a test gave these dependencies another. */
let shared: SandboxProvider | null = null;
const OVERRIDES = new WeakMap<AppDeps, SandboxProvider>();

export function sandboxOf(deps: AppDeps): SandboxProvider {
  const override = OVERRIDES.get(deps);
  if (override) return override;
  shared ??= new BubblewrapProvider();
  return shared;
}

/** For tests: runs of this app go to `provider` (a counting or failing wrapper, a sandbox that cannot start). */
export function useSandbox(deps: AppDeps, provider: SandboxProvider): void {
  OVERRIDES.set(deps, provider);
}

/** sandbox_unavailable when programs cannot run on this server (bubblewrap missing or refused). */
export function requireSandbox(deps: AppDeps): SandboxProvider {
  const provider = sandboxOf(deps);
  const check = provider.check();
  if (!check.ok) throw new AppError('sandbox_unavailable', {}, { problems: check.problems });
  return provider;
}

/** experiment_language_unavailable when the language is not installed here (with the reason). */
export function requireLanguage(id: LanguageId): void {
  const language = availableLanguages().find((l) => l.id === id);
  if (!language?.available) {
    throw new AppError('experiment_language_unavailable', {
      language: language?.title ?? id,
      reason: language?.missing ?? '',
    });
  }
}

/** The languages for `/dataset-experiment/languages`. */
export const languageList = () =>
  availableLanguages().map((l) => ({
    id: l.id,
    name: l.title,
    version: l.version,
    present: l.available,
    reason: l.missing,
  }));
