import { useMatches } from 'react-router';

/** The route name of the deepest matched route (shell routes carry `handle.name`). */
export function useShellRouteName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { name?: string } | undefined;
    if (handle?.name) return handle.name;
  }
  return undefined;
}
