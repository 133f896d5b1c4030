import type { ModuleKey } from '@app/contracts';
import { useEffect, useState } from 'react';
import { moduleKey } from '../../shared/session/session-state.ts';
import type { ShellModule } from './navigation.ts';

/**
 * The current module: the module of the current route when it has one, else the one saved for this user,
 * else the first allowed. Saved per user in local storage.
 */
export function useCurrentModule(userId: number, modules: ShellModule[], routeModule: ModuleKey | undefined) {
  const [saved, setSaved] = useState(() => localStorage.getItem(moduleKey(userId)) as ModuleKey | null);
  const current = routeModule ?? (modules.some((m) => m.key === saved) ? saved : modules[0]?.key) ?? null;
  useEffect(() => {
    if (!current) return;
    localStorage.setItem(moduleKey(userId), current);
    setSaved(current);
  }, [current, userId]);
  return modules.find((m) => m.key === current) ?? null;
}
