import type { TProfile } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../shared/api.ts';
import { USER_DETAIL_KEY } from '../../shared/session/use-user-detail.ts';

export const PROFILE_KEY = ['my-profile'] as const;

/** The caller's own information (`/user/profile`). */
export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => api('/user/profile', {}, { signal }),
    staleTime: 0,
  });
}

/**
 * After a save: keeps the saved profile (or loads it again) and reloads the shell's user detail, so the
 * top bar shows the new nickname and avatar.
 */
export function useProfileSaved() {
  const queryClient = useQueryClient();
  return useCallback(
    async (profile?: TProfile) => {
      if (profile) queryClient.setQueryData(PROFILE_KEY, profile);
      else await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      await queryClient.invalidateQueries({ queryKey: USER_DETAIL_KEY });
    },
    [queryClient],
  );
}
