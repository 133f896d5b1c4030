import type { TPackRow } from '@app/contracts';

/** Every pack query starts with this key. */
export const PACKS_KEY = ['packs'] as const;
/** The packs of one project, or of the whole organisation (no project). */
export const packListKey = (projectId?: number) => [...PACKS_KEY, 'list', projectId ?? 'all'] as const;
export const packOptionsKey = (projectId: number) => [...PACKS_KEY, 'options', projectId] as const;

/** Polling interval while a pack of the list is queued or running. */
export const PACK_POLL_MS = 2000;

export const isActive = (row: Pick<TPackRow, 'status'>) => row.status === 'queued' || row.status === 'running';

/** Progress in percent (0 when nothing is known yet; 100 once succeeded). */
export function packPercent(row: Pick<TPackRow, 'status' | 'done' | 'total'>): number {
  if (row.status === 'succeeded') return 100;
  if (row.total <= 0) return 0;
  return Math.min(99, Math.floor((row.done / row.total) * 100));
}
