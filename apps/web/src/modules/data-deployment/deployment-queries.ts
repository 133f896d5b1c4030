import { useQueryClient } from '@tanstack/react-query';

export const DEPLOYMENT_KEY = ['data-deployment'] as const;

/** How often running transfers are polled. */
export const POLL_MS = 1000;

/** Drops cached packets and transfers after a write or when a transfer starts. */
export function useDeploymentChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DEPLOYMENT_KEY });
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → `1.5 KB`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** Percent done of a transfer (0-100); an empty transfer that finished is 100. */
export function percentOf(done: number, total: number, finished: boolean): number {
  if (total <= 0) return finished ? 100 : 0;
  return Math.min(100, Math.floor((done / total) * 100));
}
