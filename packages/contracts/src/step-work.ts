/**
 * Who can work a project step: the permission keys (procedure paths) one of a member's roles in the organisation
 * must hold. Execute steps need claiming and submitting jobs; audit, QC and acceptance steps need claiming and
 * judging them. Candidates for a task's people are derived from these keys, never from role names, so an
 * administrator's grant changes who is offered. No zod here: the web imports it at run time
 * (`@app/contracts/step-work.ts`).
 */
export const STEP_WORK_KEYS = {
  execute: ['/task/claim', '/task/submit'],
  review: ['/task/claim', '/task/review'],
} as const;
export type TStepWork = keyof typeof STEP_WORK_KEYS;

/** The work a step of this type asks for: `execute` for execute steps, `review` for audit, qc and acceptance. */
export function stepWork(stepType: string): TStepWork {
  return stepType === 'execute' ? 'execute' : 'review';
}
