import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EXPERIMENTS_KEY, submissionQuery } from './queries.ts';
import { isSettled, pushedSubmissionId } from './result-format.ts';

/** How often a queued or running submission is read again when no push arrives. */
const POLL_MS = 2000;

/**
 * A submission followed until the queue is done with it: re-read on its `experiment` push (a window `realtime`
 * event from the platform socket) and, as a fallback, every 2 s while queued or running.
 */
export function useSubmission(submissionId: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...submissionQuery(submissionId ?? 0),
    enabled: submissionId !== null,
    refetchInterval: (q) => (isSettled(q.state.data?.status) ? false : POLL_MS),
  });

  useEffect(() => {
    if (submissionId === null) return;
    const listener = (event: Event) => {
      if (pushedSubmissionId((event as CustomEvent<unknown>).detail) !== submissionId) return;
      void queryClient.invalidateQueries({ queryKey: submissionQuery(submissionId).queryKey });
      // The history and my best score changed too.
      void queryClient.invalidateQueries({ queryKey: [...EXPERIMENTS_KEY, 'submissions'] });
      void queryClient.invalidateQueries({ queryKey: [...EXPERIMENTS_KEY, 'student-list'] });
    };
    window.addEventListener('realtime', listener);
    return () => window.removeEventListener('realtime', listener);
  }, [submissionId, queryClient]);

  return query;
}
