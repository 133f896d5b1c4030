import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { currentLang } from '../i18n.ts';
import { signedIn } from '../signed-in.ts';

export const USER_DETAIL_KEY = ['user-detail'] as const;

/** The shell's user, settings and organisations (`/user/detail`), loaded once per session and language. */
export function useUserDetail() {
  return useQuery({
    queryKey: [...USER_DETAIL_KEY, currentLang()],
    queryFn: ({ signal }) => api('/user/detail', {}, { signal }),
    enabled: signedIn(),
    staleTime: 5 * 60_000,
  });
}
