import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** The caller's own figures per day over the range. */
export function myStatsQuery(scope: ApiInput<'/stat/user'>) {
  return queryOptions({
    queryKey: ['stat-user', scope],
    queryFn: ({ signal }) => api('/stat/user', scope, { signal }),
  });
}

/** The operator's jobs by status now and annotation figures per day. */
export function statDashboardQuery(scope: ApiInput<'/stat/dashboard'>) {
  return queryOptions({
    queryKey: ['stat-dashboard', scope],
    queryFn: ({ signal }) => api('/stat/dashboard', scope, { signal }),
  });
}

/** The team's figures per day. */
export function teamDailyQuery(scope: ApiInput<'/stat/daily'>) {
  return queryOptions({
    queryKey: ['stat-daily', scope],
    queryFn: ({ signal }) => api('/stat/daily', scope, { signal }),
  });
}

/** Each operator's figures over the scope, filtered by the conditions. */
export function teamUsersQuery(
  scope: Omit<ApiInput<'/stat/users'>, 'conditions' | 'page' | 'pageSize'>,
  conditions: NonNullable<ApiInput<'/stat/users'>['conditions']>,
  paging: Paging,
) {
  return queryOptions({
    queryKey: ['stat-users', scope, conditions, paging],
    queryFn: ({ signal }) => api('/stat/users', { ...scope, conditions, ...paging }, { signal }),
  });
}

/** The organisation's first 100 projects, to narrow the statistics to one. */
export function statProjectsQuery() {
  return queryOptions({
    queryKey: ['stat-projects'],
    queryFn: ({ signal }) => api('/project/list', { page: 1, pageSize: 100 }, { signal }),
  });
}

/** The figures over the scope as an xlsx file to save. */
export function exportStats(input: ApiInput<'/stat/export'>) {
  return api('/stat/export', input);
}
