import type { TDataTransfer } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

export const DEPLOYMENT_KEY = ['data-deployment'] as const;

/** How often running transfers are polled. */
export const POLL_MS = 1000;

/** Drops cached packets and transfers after a write or when a transfer starts. */
export function useDeploymentChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DEPLOYMENT_KEY });
}

export function packetListQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...DEPLOYMENT_KEY, 'packets', filter, paging],
    queryFn: ({ signal }) => api('/data-deployment/packet-list', { ...filter, ...paging }, { signal }),
  });
}

export function transferListQuery(filter: { status?: TDataTransfer['status'] }, paging: Paging) {
  return queryOptions({
    queryKey: [...DEPLOYMENT_KEY, 'transfers', filter, paging],
    queryFn: ({ signal }) => api('/data-deployment/transfer-list', { ...filter, ...paging }, { signal }),
  });
}

/** Finished packs that can be pushed, searched by keyword. */
export function packOptionsQuery(keyword: string | undefined) {
  return queryOptions({
    queryKey: [...DEPLOYMENT_KEY, 'pack-options', keyword],
    queryFn: ({ signal }) => api('/data-deployment/pack-options', { keyword }, { signal }),
  });
}

/** Draft projects a packet's files can be pulled into, searched by keyword. */
export function projectOptionsQuery(keyword: string | undefined) {
  return queryOptions({
    queryKey: [...DEPLOYMENT_KEY, 'project-options', keyword],
    queryFn: ({ signal }) => api('/data-deployment/project-options', { keyword }, { signal }),
  });
}

export function createPacket(input: ApiInput<'/data-deployment/packet-create'>) {
  return api('/data-deployment/packet-create', input);
}

export function updatePacket(input: ApiInput<'/data-deployment/packet-update'>) {
  return api('/data-deployment/packet-update', input);
}

export function deletePacket(id: number) {
  return api('/data-deployment/packet-delete', { id });
}

/** Starts uploading a finished pack to the packet's FTP folder. */
export function startPush(input: ApiInput<'/data-deployment/push'>) {
  return api('/data-deployment/push', input);
}

/** Starts importing the packet's files into a draft project. */
export function startPull(input: ApiInput<'/data-deployment/pull'>) {
  return api('/data-deployment/pull', input);
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
