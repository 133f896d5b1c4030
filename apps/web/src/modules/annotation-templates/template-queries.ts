import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';

export const TEMPLATES_KEY = ['annotation-templates'] as const;
export const CATEGORIES_KEY = ['annotation-categories'] as const;

/** Enabled categories with their starting template, named in the user's language. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: [...CATEGORIES_KEY, 'options'],
    queryFn: ({ signal }) => api('/template-category/options', {}, { signal }),
    staleTime: 60_000,
  });
}

/** Drops the cached template and category lists after a write. */
export function useTemplatesChanged() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
    await queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
  };
}
