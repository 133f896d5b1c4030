import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import { USER_DETAIL_KEY } from '../../shared/session/use-user-detail.ts';

/** Every query of these pages starts with this key, so one write refreshes roles, groups, permissions and menus. */
export const ACCESS_KEY = ['access-admin'] as const;

/** After a write: refresh these pages and the shell's own menus (the caller's role may be the one changed). */
export function useAccessChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ACCESS_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_DETAIL_KEY }),
      ]),
    [queryClient],
  );
}

export function rolesQuery(filter: { keyword?: string; group_id?: number }, paging: Paging) {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'roles', filter, paging],
    queryFn: ({ signal }) => api('/auth/roles', { ...filter, ...paging }, { signal }),
  });
}

/** Every role (for filters): at most 100, which covers the platform's roles. */
export function allRolesQuery() {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'roles', 'all'],
    queryFn: ({ signal }) => api('/auth/roles', { pageSize: 100 }, { signal }),
  });
}

export function roleDetailQuery(key: string) {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'role', key],
    queryFn: ({ signal }) => api('/auth/role-detail', { key }, { signal }),
    staleTime: 0,
  });
}

/** Options of the role form: groups, every permission key and the menu tree, marked grantable. */
export function roleFormQuery() {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'role-form'],
    queryFn: ({ signal }) => api('/auth/role-form', {}, { signal }),
    staleTime: 0,
  });
}

export function groupsQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'groups', filter, paging],
    queryFn: ({ signal }) => api('/auth/groups', { ...filter, ...paging }, { signal }),
  });
}

/** Every group (for the role filter): at most 100. */
export function allGroupsQuery() {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'groups', 'all'],
    queryFn: ({ signal }) => api('/auth/groups', { pageSize: 100 }, { signal }),
  });
}

export function groupDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'group', id],
    queryFn: ({ signal }) => api('/auth/group-detail', { id }, { signal }),
  });
}

export function permissionsQuery(filter: { keyword?: string; role?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'permissions', filter, paging],
    queryFn: ({ signal }) => api('/auth/permissions', { ...filter, ...paging }, { signal }),
  });
}

/** The menu tree with the roles holding each entry. */
export function menusQuery() {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'menus'],
    queryFn: ({ signal }) => api('/auth/menus', {}, { signal }),
  });
}

export function createRole(input: ApiInput<'/auth/role-create'>) {
  return api('/auth/role-create', input);
}

export function updateRole(input: ApiInput<'/auth/role-update'>) {
  return api('/auth/role-update', input);
}

export function deleteRole(key: string) {
  return api('/auth/role-delete', { key });
}

/** Reloads the server's cached permissions and menus. */
export function refreshCache() {
  return api('/system/refresh-cache', {});
}

export function createGroup(input: ApiInput<'/auth/group-create'>) {
  return api('/auth/group-create', input);
}

export function updateGroup(input: ApiInput<'/auth/group-update'>) {
  return api('/auth/group-update', input);
}

export function deleteGroup(id: number) {
  return api('/auth/group-delete', { id });
}

export function createPermission(input: ApiInput<'/auth/permission-create'>) {
  return api('/auth/permission-create', input);
}

export function updatePermission(input: ApiInput<'/auth/permission-update'>) {
  return api('/auth/permission-update', input);
}

export function deletePermission(key: string) {
  return api('/auth/permission-delete', { key });
}

export function createMenuEntry(input: ApiInput<'/auth/menu-create'>) {
  return api('/auth/menu-create', input);
}

export function updateMenuEntry(input: ApiInput<'/auth/menu-update'>) {
  return api('/auth/menu-update', input);
}

/** Deletes a custom link, or drops the override of a built-in entry. */
export function deleteMenuEntry(name: string) {
  return api('/auth/menu-delete', { name });
}
