import type { TStepType } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import type { TaskStatus } from './task-format.tsx';
import { TASKS_KEY } from './use-claim.ts';

export interface TeamFilter {
  project_id?: number;
  status?: TaskStatus;
  step_type?: TStepType;
}

export const FIRST_PAGE: Paging = { page: 1, pageSize: 10 };

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
