import type { ApiInput } from '../../shared/api.ts';

export type StatCondition = NonNullable<ApiInput<'/stat/users'>['conditions']>[number];
/** A condition as edited: accuracy in percent, the value empty until typed. */
export interface ConditionDraft {
  key: number;
  field: StatCondition['field'];
  op: StatCondition['op'];
  value: number | null;
}

export const MAX_CONDITIONS = 10;
let nextKey = 1;
export const newCondition = (): ConditionDraft => ({ key: nextKey++, field: 'sheets', op: 'gte', value: null });

/** The conditions the server takes: complete rows only, accuracy back to a ratio. */
export function toConditions(drafts: ConditionDraft[]): StatCondition[] {
  return drafts
    .filter((d) => d.value !== null)
    .map((d) => ({ field: d.field, op: d.op, value: d.field === 'accuracy' ? (d.value ?? 0) / 100 : (d.value ?? 0) }));
}
