import type { TPackRow, TPackStatus } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

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

/** The steps (with the formats their template fits) and batches a pack of the project can be built from. */
export function packOptionsQuery(projectId: number) {
  return queryOptions({
    queryKey: packOptionsKey(projectId),
    queryFn: ({ signal }) => api('/pack/formats', { project_id: projectId }, { signal }),
  });
}

export function packListQuery(projectId: number | undefined, filter: { status?: TPackStatus }, paging: Paging) {
  return queryOptions({
    queryKey: [...packListKey(projectId), filter, paging],
    queryFn: ({ signal }) => api('/pack/list', { project_id: projectId, ...filter, ...paging }, { signal }),
  });
}

export function buildPack(input: ApiInput<'/pack/build'>) {
  return api('/pack/build', input);
}

export function stopPack(id: number) {
  return api('/pack/stop', { id });
}

export function restartPack(id: number) {
  return api('/pack/restart', { id });
}

/** The address and file name of a finished pack. */
export function getPackDownload(id: number) {
  return api('/pack/download', { id });
}
