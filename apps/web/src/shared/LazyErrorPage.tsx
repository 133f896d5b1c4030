import { lazy, Suspense } from 'react';

const loadErrorPage = () => import('./ErrorPage.tsx').then((module) => ({ default: module.ErrorPage }));
const ErrorPageChunk = lazy(loadErrorPage);

/**
 * The 403/404/500 page in its own chunk (antd's Result and its pictures stay out of the first load). The chunk is
 * fetched once the browser is idle, so it is there when the server later becomes unreachable.
 */
export function LazyErrorPage(props: { status: 403 | 404 | 500; onRetry?: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorPageChunk {...props} />
    </Suspense>
  );
}

export function prefetchErrorPage(): void {
  const prefetch = () => void loadErrorPage().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch, { timeout: 5000 });
  else setTimeout(prefetch, 2000);
}
