import { useCallback, useEffect, useState } from 'react';
import { OPEN_TABS_KEY } from '../session/session-state.ts';

export interface OpenTab {
  /** pathname + search: one tab per distinct page. */
  key: string;
  name: string;
}

function load(): OpenTab[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(OPEN_TABS_KEY) ?? '[]') as OpenTab[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** The tab bar's pages: the current page is added when visited; closing keeps the rest in order. */
export function useOpenTabs(current: OpenTab | null) {
  const [tabs, setTabs] = useState<OpenTab[]>(load);

  useEffect(() => {
    if (!current) return;
    setTabs((list) => (list.some((t) => t.key === current.key) ? list : [...list, current]));
  }, [current?.key, current?.name, current]);

  useEffect(() => {
    sessionStorage.setItem(OPEN_TABS_KEY, JSON.stringify(tabs));
  }, [tabs]);

  const close = useCallback((keys: string[]) => setTabs((list) => list.filter((t) => !keys.includes(t.key))), []);
  return { tabs, close };
}
