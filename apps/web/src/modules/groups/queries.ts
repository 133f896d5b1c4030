import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** Every group query (classes, members, candidates) starts with this key. */
export const GROUPS_KEY = ['groups'] as const;

export function classListQuery(filter: { keyword?: string; status?: 'open' | 'closed' }, paging: Paging) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'classes', filter, paging],
    queryFn: ({ signal }) => api('/group/list', { kind: 'class', ...filter, ...paging }, { signal }),
  });
}

export function groupMembersQuery(groupId: number, paging: Paging) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'members', groupId, paging],
    queryFn: ({ signal }) => api('/group/user-list', { group_id: groupId, ...paging }, { signal }),
  });
}

/** Members of the organisation who could be added to the group, searched by keyword. */
export function memberCandidatesQuery(groupId: number, keyword: string) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'candidates', groupId, keyword],
    queryFn: ({ signal }) =>
      api('/group/user-candidates', { group_id: groupId, keyword: keyword || undefined }, { signal }),
  });
}

export function createGroup(input: ApiInput<'/group/create'>) {
  return api('/group/create', input);
}

export function updateGroup(input: ApiInput<'/group/update'>) {
  return api('/group/update', input);
}

export function openGroup(id: number) {
  return api('/group/open', { id });
}

export function closeGroup(id: number) {
  return api('/group/close', { id });
}

export function deleteGroup(id: number) {
  return api('/group/delete', { id });
}

export function addGroupMembers(input: ApiInput<'/group/user-create'>) {
  return api('/group/user-create', input);
}

export function removeGroupMembers(input: ApiInput<'/group/user-delete'>) {
  return api('/group/user-delete', input);
}
