import { Spin } from 'antd';
import { type ReactNode, Suspense, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  NavigationType,
  useLocation,
  useOutlet,
} from 'react-router';

/**
 * Pages that are rebuilt on every visit instead of kept alive (the editors, and the job frame: a hidden frame would
 * still hear its keys, and leaving it saves its draft).
 */
const NOT_KEPT_ALIVE = new Set(['text-editor', 'artical-publish', 'perform-task', 'production-task-execute']);

interface Kept {
  element: ReactNode;
  location: Location;
}

/**
 * Keeps the pages of open tabs mounted (hidden when not current), so a tab keeps its state; each kept page
 * sees the location it was opened with.
 */
export function KeepAliveOutlet({ openKeys, routeName }: { openKeys: string[]; routeName: string | undefined }) {
  const outlet = useOutlet();
  const location = useLocation();
  const kept = useRef(new Map<string, Kept>());
  const currentKey = `${location.pathname}${location.search}`;
  const keepCurrent = !routeName || !NOT_KEPT_ALIVE.has(routeName);

  if (keepCurrent && outlet && !kept.current.has(currentKey))
    kept.current.set(currentKey, { element: outlet, location });
  for (const key of kept.current.keys()) if (!openKeys.includes(key) && key !== currentKey) kept.current.delete(key);

  const fallback = (
    <div className="page-loading">
      <Spin />
    </div>
  );
  return (
    <>
      {[...kept.current.entries()].map(([key, page]) => (
        <div key={key} hidden={key !== currentKey} className="kept-page">
          <LocationContext.Provider value={{ location: page.location, navigationType: NavigationType.Pop }}>
            <Suspense fallback={fallback}>{page.element}</Suspense>
          </LocationContext.Provider>
        </div>
      ))}
      {!keepCurrent && <Suspense fallback={fallback}>{outlet}</Suspense>}
    </>
  );
}
