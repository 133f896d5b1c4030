import type { TSubmission, TSubmissionResult } from '@app/contracts';

/** The languages of the contract (kept here as a type so the zod schemas stay out of the page's chunk). */
export type ExperimentLanguage = 'python3' | 'javascript' | 'c' | 'cpp' | 'java';

/** The statuses of the sandbox, the grader and the queue that have a text in the `experiments` catalogue. */
export const KNOWN_STATUSES = [
  'ok',
  'runtime_error',
  'time_limit',
  'wall_limit',
  'memory_limit',
  'output_limit',
  'process_limit',
  'compile_error',
  'internal_error',
  'passed',
  'wrong_answer',
  'partial',
  'checker_error',
  'unavailable',
  'graded',
  'failed',
  'queued',
  'running',
  'done',
] as const;

/** The catalogue key of a status (`status_<name>`), or the generic one for a name this page does not know. */
export function statusKey(status: string | undefined | null): string {
  return (KNOWN_STATUSES as readonly string[]).includes(status ?? '') ? `status_${status}` : 'status_unknown';
}

/** The tag colour of a status: green for a success, orange for a limit, red for the rest, blue while waiting. */
export function statusColor(status: string | undefined | null): string {
  if (status === 'ok' || status === 'passed' || status === 'graded' || status === 'done') return 'green';
  if (status === 'queued' || status === 'running') return 'blue';
  if (status === 'partial') return 'gold';
  if (status?.endsWith('_limit')) return 'orange';
  return 'red';
}

/** A submission is settled once the queue has finished with it. */
export function isSettled(status: TSubmission['status'] | undefined): boolean {
  return status === 'done' || status === 'failed';
}

/** "12 ms", "1.25 s", or "-" for no measure. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** A peak memory in KB or MB, or "-". */
export function formatMemory(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '-';
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A score without float noise: 2, 2.5, 0.33. */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined) return '-';
  return String(Math.round(score * 100) / 100);
}

/** Whether a submit earned every point, some, or none (for the result's colour). */
export function scoreLevel(result: Pick<TSubmissionResult, 'score' | 'max_score'>): 'full' | 'partial' | 'zero' {
  const score = result.score ?? 0;
  const max = result.max_score ?? 0;
  if (max > 0 && score >= max) return 'full';
  return score > 0 ? 'partial' : 'zero';
}

/** The submission an `experiment` push is about, when it is one. */
export function pushedSubmissionId(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const { action, submission_id: id } = data as { action?: unknown; submission_id?: unknown };
  return action === 'experiment' && typeof id === 'number' ? id : null;
}

/** The localStorage key of a learner's code for one experiment. */
export const codeStorageKey = (experimentId: number) => `experiment-code:${experimentId}`;

/** The code kept for an experiment, else its starter code. */
export function storedCode(storage: Pick<Storage, 'getItem'>, experimentId: number, starter: string): string {
  try {
    return storage.getItem(codeStorageKey(experimentId)) ?? starter;
  } catch {
    return starter;
  }
}

/** Keeps the code (a full or refused storage is ignored: the editor still holds it). */
export function keepCode(storage: Pick<Storage, 'setItem'>, experimentId: number, code: string): void {
  try {
    storage.setItem(codeStorageKey(experimentId), code);
  } catch {
    // Storage full or refused (private mode): nothing to do.
  }
}
