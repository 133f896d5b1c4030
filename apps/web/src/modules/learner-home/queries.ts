import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import { PRACTICE_KEY } from '../practice/index.ts';

/** The learner's home: what to practise next, wrong books, recent scores, exams and certificates. */
export function studentHomeQuery() {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'student-home'],
    queryFn: ({ signal }) => api('/user/index-student', {}, { signal }),
  });
}

/** The practice sets I joined, with my progress. */
export function myTrainQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'mytrain', filter, paging],
    queryFn: ({ signal }) => api('/trainingcamp/mytrain', { ...filter, ...paging }, { signal }),
  });
}

export function trainDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'train-detail', id],
    queryFn: ({ signal }) => api('/trainingcamp/train-detail', { id }, { signal }),
  });
}

export function leaveTrain(setId: number) {
  return api('/trainingcamp/train-leave', { set_id: setId });
}
