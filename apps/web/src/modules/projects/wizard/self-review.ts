import type { TStepRow, TTaskRow } from '@app/contracts';

export interface PeopleChoiceLike {
  user_ids: number[];
  group_ids: number[];
}

export interface SelfReview {
  batch: string;
  executeStep: string;
  reviewStep: string;
  /** Member ids, and team group ids, given both the work and its review. */
  userIds: number[];
  groupIds: number[];
}

/**
 * Where the same members or team groups are given a batch's work at an execute step and its review at a step
 * hanging under that execute step (audit, QC, acceptance). Nobody is offered a review of their own work, so such
 * a review step needs other people too.
 */
export function selfReviews(
  rows: readonly TTaskRow[],
  steps: readonly TStepRow[],
  choices: Record<number, PeopleChoiceLike>,
): SelfReview[] {
  const found: SelfReview[] = [];
  for (const review of rows) {
    const parent = steps.find((s) => s.id === review.step_id)?.parent_step_id;
    if (review.step_type === 'execute' || !parent) continue;
    const work = rows.find((r) => r.step_id === parent && r.batch_id === review.batch_id);
    if (!work) continue;
    const doers = choices[work.id as number];
    const judges = choices[review.id as number];
    if (!doers || !judges) continue;
    const userIds = judges.user_ids.filter((id) => doers.user_ids.includes(id));
    const groupIds = judges.group_ids.filter((id) => doers.group_ids.includes(id));
    if (userIds.length || groupIds.length) {
      found.push({
        batch: review.batch_name,
        executeStep: work.step_name,
        reviewStep: review.step_name,
        userIds,
        groupIds,
      });
    }
  }
  return found;
}
