import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** Every members list query starts with this key. */
export const MEMBERS_KEY = ['members'] as const;
export const MEMBER_DETAIL_KEY = ['member-detail'] as const;

export function membersQuery(filter: Omit<ApiInput<'/user/mylist'>, 'page' | 'pageSize'>, paging: Paging) {
  return queryOptions({
    queryKey: [...MEMBERS_KEY, filter, paging],
    queryFn: ({ signal }) => api('/user/mylist', { ...filter, ...paging }, { signal }),
  });
}

/** One member; `null` (no id in the address) is never fetched: the caller disables the query. */
export function memberDetailQuery(userId: number | null) {
  return queryOptions({
    queryKey: [...MEMBER_DETAIL_KEY, userId],
    queryFn: ({ signal }) => api('/user/member-detail', { user_id: userId ?? 0 }, { signal }),
  });
}

/** The roles a manager may give (tenant roles). */
export function memberRolesQuery() {
  return queryOptions({
    queryKey: ['member-roles'],
    queryFn: ({ signal }) => api('/user/member-roles', {}, { signal }),
  });
}

/** The organisation dashboard's figures. */
export function siteDashboardQuery() {
  return queryOptions({
    queryKey: ['site-dashboard'],
    queryFn: ({ signal }) => api('/user/index-manager', {}, { signal }),
  });
}

export function createMember(input: ApiInput<'/user/create'>) {
  return api('/user/create', input);
}

export function updateMember(input: ApiInput<'/user/update'>) {
  return api('/user/update', input);
}

export function deleteMember(userId: number) {
  return api('/user/delete', { user_id: userId });
}

export function resetMemberPassword(input: ApiInput<'/user/reset-password'>) {
  return api('/user/reset-password', input);
}

/** The members matching the list's filters, as a file to save. */
export function exportMembers(filters: ApiInput<'/user/export-user-data'>['filters']) {
  return api('/user/export-user-data', { filters });
}

/** The import template, as a file to save. */
export function memberImportTemplate() {
  return api('/user/import-template', {});
}

export function importMembers(input: ApiInput<'/user/import'>) {
  return api('/user/import', input);
}
