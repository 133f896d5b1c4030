import type { TAudienceMode, TAudienceSubject } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';

/** Every cached answer of the audience picker sits under this key. */
export const AUDIENCE_KEY = ['audience'] as const;

/** How many people an audience reaches now (no mode yet counts as `students`). */
export function audienceCountQuery(
  subject: TAudienceSubject,
  mode: TAudienceMode | undefined,
  groupIds: number[],
  userIds: number[],
) {
  return queryOptions({
    queryKey: [...AUDIENCE_KEY, 'count', subject, mode, groupIds, userIds],
    queryFn: ({ signal }) =>
      api(
        '/audience/count',
        { subject, audience: mode ?? 'students', audience_group_ids: groupIds, audience_user_ids: userIds },
        { signal },
      ),
  });
}

/** The classes and team groups of the organisation. */
export function audienceGroupsQuery() {
  return queryOptions({
    queryKey: [...AUDIENCE_KEY, 'groups'],
    queryFn: ({ signal }) => api('/audience/groups', {}, { signal }),
  });
}

/** Members who may take part, searched by username or nickname. */
export function audienceMembersQuery(subject: TAudienceSubject, keyword: string) {
  return queryOptions({
    queryKey: [...AUDIENCE_KEY, 'members', subject, keyword],
    queryFn: ({ signal }) => api('/audience/members', { subject, keyword }, { signal }),
  });
}
