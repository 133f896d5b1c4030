import { useCallback, useEffect, useState } from 'react';
import { OPEN_TABS_KEY } from '../../shared/open-tabs.ts';

export interface OpenTab {
  /** pathname + search: one tab per distinct page. */
  key: string;
  name: string;
}

function load(storageKey: string): OpenTab[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as OpenTab[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * The tab bar's pages, per user and only pages the user may open: one tab per page (route), which follows
 * the page's latest address (its inner tab or record); closing keeps the rest in order.
 */
export function useOpenTabs(userId: number, current: OpenTab | null, allowed: (name: string) => boolean) {
  const storageKey = `${OPEN_TABS_KEY}:${userId}`;
  const [tabs, setTabs] = useState<OpenTab[]>(() => load(storageKey).filter((tab) => allowed(tab.name)));

  useEffect(() => {
    if (!current) return;
    setTabs((list) => {
      if (list.some((t) => t.key === current.key)) return list;
      const same = list.findIndex((t) => t.name === current.name);
      return same < 0 ? [...list, current] : list.map((t, i) => (i === same ? current : t));
    });
  }, [current?.key, current?.name, current]);

  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(tabs));
  }, [tabs, storageKey]);

  const close = useCallback((keys: string[]) => setTabs((list) => list.filter((t) => !keys.includes(t.key))), []);
  return { tabs, close };
}
