import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';

/** The platform's figures: organisations, people, sessions and sign-ins. */
export function platformDashboardQuery() {
  return queryOptions({
    queryKey: ['platform-dashboard'],
    queryFn: ({ signal }) => api('/user/index-platform', {}, { signal }),
  });
}
