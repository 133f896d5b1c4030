import { useSyncExternalStore } from 'react';

/**
 * Below antd's `md` breakpoint (768 px) the learner's pages use their phone layout: the side menu in a drawer,
 * the top bar condensed, tables as cards. The stylesheets' `@media (max-width: 767.98px)` rules use the same line.
 */
export const PHONE_QUERY = '(max-width: 767.98px)';

let query: MediaQueryList | undefined;
const phoneQuery = () => {
  query ??= window.matchMedia(PHONE_QUERY);
  return query;
};

const subscribe = (onChange: () => void) => {
  phoneQuery().addEventListener('change', onChange);
  return () => phoneQuery().removeEventListener('change', onChange);
};

/** Whether the window is phone-sized now (follows resizes and rotation). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => phoneQuery().matches);
}
