import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

export const PRACTICE_KEY = ['practice'] as const;

/** The published practice sets of the current organisation, with my progress. */
export function practiceSetsQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'sets', filter, paging],
    queryFn: ({ signal }) => api('/trainingcamp/train-list', { ...filter, ...paging }, { signal }),
  });
}

export function practiceSessionQuery(id: number) {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'session', id],
    queryFn: ({ signal }) => api('/trainingcamp/session', { id }, { signal }),
  });
}

export function practiceResultQuery(id: number) {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'result', id],
    queryFn: ({ signal }) => api('/trainingcamp/train-result', { id }, { signal }),
  });
}

/** A session broken down by category and by difficulty. */
export function practiceReportQuery(id: number) {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'report', id],
    queryFn: ({ signal }) => api('/trainingcamp/train-report', { id }, { signal }),
  });
}

/** My practice sessions, newest first. */
export function practiceRecordsQuery(paging: Paging) {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'records', paging],
    queryFn: ({ signal }) => api('/trainingcamp/selfexam-records', paging, { signal }),
  });
}

/** My wrong-answer book, all of it or one category's questions. */
export function wrongBookQuery(categoryId: number | undefined, paging: Paging) {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'wrong', categoryId, paging],
    queryFn: ({ signal }) =>
      api('/trainingcamp/mywrong', { ...paging, ...(categoryId ? { category_id: categoryId } : {}) }, { signal }),
  });
}

export function collectedQuestionsQuery(paging: Paging) {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'collect', paging],
    queryFn: ({ signal }) => api('/trainingcamp/mycollect', paging, { signal }),
  });
}

export function practiceStatQuery() {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'stat'],
    queryFn: ({ signal }) => api('/trainingcamp/my-test-stat', {}, { signal }),
  });
}

export function categoryPortraitQuery() {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'portrait'],
    queryFn: ({ signal }) => api('/trainingcamp/category-portrait', {}, { signal }),
  });
}

export function joinPracticeSet(setId: number) {
  return api('/trainingcamp/train-join', { set_id: setId });
}

/** Redeems an activation code (the cdkeys area's procedure), which unlocks a locked set. */
export function redeemCdkey(code: string) {
  return api('/cdkey/redeem', { code });
}

export function startPractice(input: ApiInput<'/trainingcamp/train-start'>) {
  return api('/trainingcamp/train-start', input);
}

/** Starts a session on questions of my wrong-answer book (all or one category's). */
export function startWrongPractice(input: ApiInput<'/trainingcamp/wrong-start'>) {
  return api('/trainingcamp/wrong-start', input);
}

export function answerQuestion(input: ApiInput<'/trainingcamp/answer'>) {
  return api('/trainingcamp/answer', input);
}

export function collectQuestion(questionId: number) {
  return api('/trainingcamp/collect', { question_id: questionId });
}

export function uncollectQuestion(questionId: number) {
  return api('/trainingcamp/uncollect', { question_id: questionId });
}

export function finishPractice(id: number) {
  return api('/trainingcamp/finish', { id });
}
