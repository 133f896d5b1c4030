import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { showError } from '../../shared/query-client.ts';
import { executePath } from '../../shared/task-paths.ts';
import { claimJobs, TASKS_KEY } from './queries.ts';

/**
 * "Start": tops the caller up with jobs of a task and opens the job frame; `no_job_left` shows its message
 * unless the caller still holds jobs of the task (`inHand`), which the frame then shows.
 */
export function useClaimAndOpen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId }: { taskId: number; inHand?: number }) => claimJobs(taskId),
    onSuccess: (_, { taskId }) => {
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      navigate(executePath(taskId));
    },
    onError: (error, { taskId, inHand }) => {
      if (error instanceof ApiError && error.code === 'no_job_left' && inHand) {
        navigate(executePath(taskId));
        return;
      }
      showError(error);
    },
  });
}
