import type {
  TExamCandidate,
  TExamKind,
  TExamStatus,
  TMarkInput,
  TMarkingAnswer,
  TMarkingAnswers,
} from '@app/contracts';
import { type QueryKey, queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import type { BlueprintValues } from './ExamPaperStep.tsx';

/** Every cached answer about the teacher's exams (lists, details, candidates, analysis) sits under this key. */
export const EXAM_TEACHER_KEY = ['exam-teacher'] as const;

/** Drops the cached exam answers after a write. */
export function useExamsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: EXAM_TEACHER_KEY });
}

/** The teacher's exams, or homework (kept apart: docs/homework.md), of one status. */
export function examsQuery(tab: TExamStatus, kind: TExamKind, filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'list', tab, kind, filter, paging],
    queryFn: ({ signal }) => api('/dataset-examine/list', { tab, kind, ...filter, ...paging }, { signal }),
  });
}

export function examDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/dataset-examine/detail', { id }, { signal }),
  });
}

export function examCandidatesQuery(examId: number, filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'candidates', examId, filter, paging],
    queryFn: ({ signal }) => api('/dataset-examine/candidates', { exam_id: examId, ...filter, ...paging }, { signal }),
  });
}

export function attemptEventsQuery(attemptId: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'events', attemptId],
    queryFn: ({ signal }) => api('/dataset-examine/attempt-events', { attempt_id: attemptId }, { signal }),
  });
}

/** A candidate's submitted attempt with the key (`/trainingcamp/stuExamDetail`). */
export function attemptDetailQuery(attemptId: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'attempt-detail', attemptId],
    queryFn: ({ signal }) => api('/dataset-examine/attempt-detail', { attempt_id: attemptId }, { signal }),
  });
}

export function paperAnalysisQuery(examId: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'analysis', examId],
    queryFn: ({ signal }) => api('/dataset-examine/paper-analysis', { exam_id: examId }, { signal }),
  });
}

/** The certificate templates an exam may award. */
export function examCertTemplatesQuery() {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'cert-templates'],
    queryFn: ({ signal }) => api('/dataset-examine/cert-templates', {}, { signal }),
  });
}

/**
 * Passed questions needed and available per cell of a random paper's blueprint; cached by the form's values
 * (`blueprint`), asked with `input`, the same values as the server reads them.
 */
export function blueprintCheckQuery(
  blueprint: BlueprintValues | undefined,
  input: ApiInput<'/dataset-examine/check-blueprint'>,
) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'check-blueprint', blueprint],
    queryFn: ({ signal }) => api('/dataset-examine/check-blueprint', input, { signal }),
  });
}

export function createExam(input: ApiInput<'/dataset-examine/create'>) {
  return api('/dataset-examine/create', input);
}

export function updateExam(input: ApiInput<'/dataset-examine/update'>) {
  return api('/dataset-examine/update', input);
}

export function regradeQuestion(input: ApiInput<'/dataset-examine/regrade'>) {
  return api('/dataset-examine/regrade', input);
}

export function publishExam(id: number) {
  return api('/dataset-examine/publish', { id });
}

/** Publishes, closes or deletes an exam from the list. */
export function actOnExam(kind: 'publish' | 'close' | 'delete', id: number) {
  return api(`/dataset-examine/${kind}`, { id });
}

/** Submits an attempt in the candidate's place, or re-opens a submitted one. */
export function actOnAttempt(kind: 'force-submit' | 'reopen', attemptId: number) {
  return api(`/dataset-examine/${kind}`, { attempt_id: attemptId });
}

export function markCheat(attemptId: number, note: string) {
  return api('/dataset-examine/mark-cheat', { attempt_id: attemptId, note });
}

/** The exam's attempts as a file to save. */
export function exportExam(examId: number) {
  return api('/dataset-examine/export', { exam_id: examId });
}

/** Marking by hand: the hand-marked questions with their answers and marks counted, and the attempts waiting. */
export function markingOverviewQuery(examId: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'marking-overview', examId],
    queryFn: ({ signal }) => api('/dataset-examine/marking-overview', { exam_id: examId }, { signal }),
  });
}

const markingAnswersKey = (examId: number) => [...EXAM_TEACHER_KEY, 'marking-answers', examId] as const;

/** Which answers a listing holds: all, those without a mark, or those chosen for a second mark that lack it. */
export type MarkingFilter = 'all' | 'unmarked' | 'second';

/** The answers to mark of one question (across candidates) or of one attempt, unmarked first. */
export function markingAnswersQuery(
  examId: number,
  by: { question_id: number } | { attempt_id: number },
  filter: MarkingFilter,
) {
  return queryOptions({
    queryKey: [...markingAnswersKey(examId), by, filter],
    queryFn: ({ signal }) =>
      api(
        '/dataset-examine/marking-answers',
        { exam_id: examId, ...by, unmarked_only: filter === 'unmarked', second_waiting_only: filter === 'second' },
        { signal },
      ),
  });
}

/** Look-alike pairs among the text answers to one question (a hint for the marker; marks do not change them). */
export function markingSimilarQuery(examId: number, questionId: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'marking-similar', examId, questionId],
    queryFn: ({ signal }) =>
      api('/dataset-examine/marking-similar', { exam_id: examId, question_id: questionId }, { signal }),
    staleTime: 60_000,
  });
}

/**
 * A hand-marked question whole (stem, key, rubric), for marking by candidate: the listing by attempt leaves it out,
 * so it is asked with the question and one attempt that answered it (one row); the attempt does not change it.
 */
export function markingQuestionQuery(examId: number, questionId: number, attemptId: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'marking-question', examId, questionId],
    queryFn: async ({ signal }) => {
      const input = { exam_id: examId, question_id: questionId, attempt_id: attemptId };
      return (await api('/dataset-examine/marking-answers', input, { signal })).question;
    },
    staleTime: 5 * 60_000,
  });
}

/** The most attempts offered for marking by candidate (pages of the candidates list, 100 each). */
const MARKING_ATTEMPT_PAGES = 10;

/** The submitted attempts of an exam (from the candidates list), for marking by candidate. */
export function markingAttemptsQuery(examId: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'marking-attempts', examId],
    queryFn: async ({ signal }) => {
      const list: TExamCandidate[] = [];
      for (let page = 1; page <= MARKING_ATTEMPT_PAGES; page++) {
        const got = await api('/dataset-examine/candidates', { exam_id: examId, page, pageSize: 100 }, { signal });
        list.push(...got.list);
        if (page * 100 >= got.total) return { list, complete: true };
      }
      return { list, complete: false };
    },
  });
}

export function markAnswer(input: TMarkInput) {
  return api('/dataset-examine/mark', input);
}

/**
 * After a mark: the saved answer is written into every cached listing of the exam (so the list being marked keeps
 * its order and the "Candidate N" numbers stay), the listings are marked stale for their next showing, and the rest
 * of the exam's answers (overview counts, candidates, detail, analysis) are fetched again; the attempts for marking
 * by candidate too when the mark changed the attempt's state (`attemptChanged`).
 */
export function useMarkSaved(examId: number) {
  const queryClient = useQueryClient();
  return async (saved: TMarkingAnswer, attemptChanged: boolean) => {
    queryClient.setQueriesData<TMarkingAnswers>({ queryKey: markingAnswersKey(examId) }, (data) =>
      data
        ? {
            ...data,
            list: data.list.map((a) =>
              a.attempt_id === saved.attempt_id && a.question_id === saved.question_id ? saved : a,
            ),
          }
        : data,
    );
    // The attempts for marking by candidate are pages of the candidates list: asked again only when a state changed.
    // A mark changes no answer's text, so the look-alike pairs stay.
    const kept = (key: QueryKey) =>
      key[1] === 'marking-answers' ||
      key[1] === 'marking-question' ||
      key[1] === 'marking-similar' ||
      (key[1] === 'marking-attempts' && !attemptChanged);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: markingAnswersKey(examId), refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: EXAM_TEACHER_KEY, predicate: (q) => !kept(q.queryKey) }),
    ]);
  };
}
