import type { TProfile } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiInput, api } from '../../shared/api.ts';
import { USER_DETAIL_KEY } from '../../shared/session/use-user-detail.ts';

export const PROFILE_KEY = ['my-profile'] as const;
export const MY_CLASS_KEY = ['my-class'] as const;
export const TEACHER_FORM_KEY = ['my-teacher-application'] as const;

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

/** The caller's own information (`/user/profile`). */
export function profileQuery() {
  return queryOptions({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => api('/user/profile', {}, { signal }),
    staleTime: 0,
  });
}

/** The class the student is in. */
export function myClassQuery() {
  return queryOptions({
    queryKey: MY_CLASS_KEY,
    queryFn: ({ signal }) => api('/group/my-class', {}, { signal }),
    staleTime: 0,
  });
}

/** The caller's teacher application in the current organisation. */
export function teacherApplicationQuery() {
  return queryOptions({
    queryKey: TEACHER_FORM_KEY,
    queryFn: ({ signal }) => api('/user/teacher-form', {}, { signal }),
    staleTime: 0,
  });
}

export function updateProfile(input: ApiInput<'/user/update-profile'>) {
  return api('/user/update-profile', input);
}

/** Saves the avatar from an image data URL. */
export function updateAvatar(image: string) {
  return api('/user/update-avatar', { image });
}

export function updatePassword(input: ApiInput<'/user/update-password'>) {
  return api('/user/update-password', input);
}

export function joinClassByCode(code: string) {
  return api('/group/join-by-code', { code });
}

export function applyAsTeacher(input: ApiInput<'/user/teacher-create'>) {
  return api('/user/teacher-create', input);
}
