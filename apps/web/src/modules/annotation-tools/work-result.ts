import type { TJobView } from '@app/contracts';

export type FieldValue = string | string[] | boolean | null;
/** The result the frame edits: fields are ours; shapes and relations (from the later tools) pass through untouched. */
export interface WorkResult {
  version: 1;
  shapes: unknown[];
  fields: Record<string, FieldValue>;
  relations: unknown[];
}

/** The stored result or draft as a WorkResult, keeping shapes and relations as they are. */
export function asWorkResult(value: unknown): WorkResult {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof WorkResult, unknown>>;
  return {
    version: 1,
    shapes: Array.isArray(v.shapes) ? v.shapes : [],
    fields: typeof v.fields === 'object' && v.fields !== null ? { ...(v.fields as Record<string, FieldValue>) } : {},
    relations: Array.isArray(v.relations) ? v.relations : [],
  };
}

/** Where the frame starts: the draft, else (review) the judged result, else the job's own result. */
export function initialResult(job: TJobView): WorkResult {
  if (job.draft) return asWorkResult(job.draft);
  if (job.subject) return asWorkResult(job.subject.result);
  return asWorkResult(job.result);
}
