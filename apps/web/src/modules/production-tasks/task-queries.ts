import type { TStepType } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import { isForbidden, type TaskStatus } from './task-format.tsx';
import { TASKS_KEY } from './use-claim.ts';

export interface TeamFilter {
  project_id?: number;
  status?: TaskStatus;
  step_type?: TStepType;
}

export const FIRST_PAGE: Paging = { page: 1, pageSize: 10 };

/**
 * Whether the caller holds a permission key, found by calling a procedure it guards (the session carries no keys):
 * `forbidden` answers false without an error toast; any other answer (even a failure) true, so the page shows it.
 */
export function useMayCall(key: string, call: (signal: AbortSignal) => Promise<unknown>) {
  const probe = useQuery({
    queryKey: [...TASKS_KEY, 'may', key],
    queryFn: async ({ signal }) => {
      try {
        await call(signal);
        return true;
      } catch (error) {
        if (isForbidden(error)) return false;
        return true;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
  return probe.data;
}

/** Team tasks (`/task/list`). */
export function useTeamTasks(filter: TeamFilter = {}, paging: Paging = FIRST_PAGE) {
  return useQuery({
    queryKey: [...TASKS_KEY, 'team', filter, paging],
    queryFn: ({ signal }) => api('/task/list', { ...filter, ...paging }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Projects of the caller's tasks, for the My tasks filter. */
export function useMyTaskProjects() {
  return useQuery({
    queryKey: [...TASKS_KEY, 'my-form'],
    queryFn: ({ signal }) => api('/task/my-task-form', {}, { signal }),
    staleTime: 60_000,
  });
}

/** One task's settings, people and counts. */
export function useTaskDetail(id: number | null) {
  return useQuery({
    queryKey: [...TASKS_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/task/detail', { id: id ?? 0 }, { signal }),
    enabled: id !== null,
    retry: false,
  });
}
