import { lazy, Suspense } from 'react';

const isChrome = () => /Chrome\//.test(navigator.userAgent) && !/Edg\/|OPR\//.test(navigator.userAgent);
// The banner (antd Alert) loads only in the browsers that show it.
const ChromeBanner = lazy(() => import('./ChromeBanner.tsx'));

/** The tip that recommends Chrome in other browsers. */
export function ChromeTip() {
  if (isChrome()) return null;
  return (
    <Suspense fallback={null}>
      <ChromeBanner />
    </Suspense>
  );
}
