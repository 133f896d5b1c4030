import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { attemptsToMark, candidateNumbers } from './marking-format.ts';
import { markingAttemptsQuery } from './queries.ts';

/**
 * The submitted attempts of an exam to mark (waiting ones first) and their "Candidate N" numbers under blind
 * marking, the same in both ways of marking and in the look-alike pairs (`candidateNumbers`).
 */
export function useMarkingAttempts(examId: number, enabled = true) {
  const attempts = useQuery({ ...markingAttemptsQuery(examId), placeholderData: keepPreviousData, enabled });
  const list = useMemo(() => attemptsToMark(attempts.data?.list ?? []), [attempts.data]);
  const numbers = useMemo(() => candidateNumbers(list.map((a) => a.attempt_id!)), [list]);
  return { attempts, list, numbers };
}
