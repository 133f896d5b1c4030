import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../shared/api.ts';
import { USER_DETAIL_KEY } from '../../shared/session/use-user-detail.ts';

/** Every query of these pages starts with this key, so one write refreshes roles, groups, permissions and menus. */
export const ACCESS_KEY = ['access-admin'] as const;

export function roleDetailQuery(key: string) {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'role', key],
    queryFn: ({ signal }) => api('/auth/role-detail', { key }, { signal }),
    staleTime: 0,
  });
}

/** Options of the role form: groups, every permission key and the menu tree, marked grantable. */
export function useRoleForm() {
  return useQuery({
    queryKey: [...ACCESS_KEY, 'role-form'],
    queryFn: ({ signal }) => api('/auth/role-form', {}, { signal }),
    staleTime: 0,
  });
}

/** Every role (for filters): at most 100, which covers the platform's roles. */
export function useAllRoles() {
  return useQuery({
    queryKey: [...ACCESS_KEY, 'roles', 'all'],
    queryFn: ({ signal }) => api('/auth/roles', { pageSize: 100 }, { signal }),
  });
}

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
