import type { TJobView } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, type ApiInput } from '../../shared/api.ts';
import { showError } from '../../shared/query-client.ts';
import type { WorkResult } from '../annotation-tools/index.ts';
import { pendJob, reviewJob, submitJob } from './queries.ts';

type Decision = 'pass' | 'reject' | 'reset';
type ResultInput = ApiInput<'/task/submit'>['result'];

/** The problems of a `result_invalid` answer, as messages. */
function problemsOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== 'result_invalid') return null;
  const list = (error.details as { problems?: { message?: string }[] } | undefined)?.problems ?? [];
  const messages = list.map((p) => p.message ?? '').filter(Boolean);
  return messages.length ? messages : [error.message];
}

/**
 * Submit, review decisions and suspend of the job in hand. Each success settles the draft and moves on
 * (`onNext` with the server's next job); `result_invalid` fills `problems`; a lost lease calls `onExpired`.
 */
export function useJobActions(
  job: TJobView,
  hooks: { settle: () => void; onNext: (nextJobId: number | null) => void; onExpired: () => void },
) {
  const [problems, setProblems] = useState<string[] | null>(null);
  const fail = (error: unknown) => {
    const found = problemsOf(error);
    if (found) {
      setProblems(found);
      return;
    }
    if (error instanceof ApiError && error.code === 'job_lease_expired') hooks.onExpired();
    showError(error);
  };
  const done = (next: number | null) => {
    setProblems(null);
    hooks.settle();
    hooks.onNext(next);
  };

  const submit = useMutation({
    mutationFn: (result: WorkResult) => submitJob({ job_id: job.id, result: result as unknown as ResultInput }),
    onSuccess: (answer) => done(answer.next_job_id),
    onError: fail,
  });
  const review = useMutation({
    mutationFn: (input: { decision: Decision; reason?: string; result?: WorkResult }) =>
      reviewJob({
        job_id: job.id,
        decision: input.decision,
        reason: input.reason,
        result: input.result as unknown as ResultInput | undefined,
      }),
    onSuccess: (answer) => done(answer.next_job_id),
    onError: fail,
  });
  const pend = useMutation({
    mutationFn: (reason: string) => pendJob({ job_id: job.id, reason }),
    onSuccess: () => done(null),
    onError: fail,
  });
  const busy = submit.isPending || review.isPending || pend.isPending;
  return { submit, review, pend, busy, problems, clearProblems: () => setProblems(null) };
}
