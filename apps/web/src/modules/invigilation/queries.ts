import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';

/** Every cached answer of the invigilators' page sits under this key. */
export const INVIGILATION_KEY = ['invigilation'] as const;

/** The grid is read again this often: who answers now, their camera, warnings and newest events. */
export const GRID_REFRESH_MS = 10_000;

/** The exams with live invigilation on whose window is open or not long over, with the candidates answering now. */
export function invigilatedExamsQuery() {
  return queryOptions({
    queryKey: [...INVIGILATION_KEY, 'exams'],
    queryFn: ({ signal }) => api('/live-room/invigilation-exams', {}, { signal }),
    refetchInterval: 30_000,
  });
}

/** One page (16) of an exam's candidates answering now. */
export function invigilationGridQuery(examId: number, page: number) {
  return queryOptions({
    queryKey: [...INVIGILATION_KEY, 'grid', examId, page],
    queryFn: ({ signal }) => api('/live-room/invigilation-grid', { exam_id: examId, page }, { signal }),
    refetchInterval: GRID_REFRESH_MS,
  });
}

/** Reads the grids again at once (after a warning, a cheat mark). */
export function useGridChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...INVIGILATION_KEY, 'grid'] });
}

/** The invigilator's credentials for the exam's media room (watching only). */
export const invigilationCredentials = (examId: number) => api('/live-room/invigilation-token', { exam_id: examId });

/** Warns one candidate answering now: shown on their page, kept in the attempt's timeline. */
export const warnCandidate = (attemptId: number, message: string) =>
  api('/live-room/invigilation-warn', { attempt_id: attemptId, message });
