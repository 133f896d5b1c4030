import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** The platform user list's queries start with this key. */
export const PLATFORM_USERS_KEY = ['platform-users'] as const;

export function platformUserListQuery(filter: Omit<ApiInput<'/user/list'>, 'page' | 'pageSize'>, paging: Paging) {
  return queryOptions({
    queryKey: [...PLATFORM_USERS_KEY, filter, paging],
    queryFn: ({ signal }) => api('/user/list', { ...filter, ...paging }, { signal }),
  });
}

/** Options of the user list's filters: account statuses and organisations. */
export function platformUserFormQuery() {
  return queryOptions({
    queryKey: ['platform-users-form'],
    queryFn: ({ signal }) => api('/user/form', {}, { signal }),
  });
}

/** Who is online across every server instance, with the user and socket counts. */
export function onlineUsersQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: ['online-users', filter, paging],
    queryFn: ({ signal }) => api('/system/online-users-all', { ...filter, ...paging }, { signal }),
  });
}

/** An account's sign-ins and administrative actions. */
export function userRecordsQuery(userId: number, paging: Paging) {
  return queryOptions({
    queryKey: ['platform-user-records', userId, paging],
    queryFn: ({ signal }) => api('/user/records', { user_id: userId, ...paging }, { signal }),
  });
}

/** One account across the platform (`id` null: the page's address has none; the query is then disabled). */
export function platformUserDetailQuery(id: number | null) {
  return queryOptions({
    queryKey: ['platform-user-detail', id],
    queryFn: ({ signal }) => api('/user/platform-detail', { user_id: id ?? 0 }, { signal }),
  });
}

export function setUserStatus(input: ApiInput<'/user/set-status'>) {
  return api('/user/set-status', input);
}
