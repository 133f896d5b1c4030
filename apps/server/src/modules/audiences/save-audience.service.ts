import type { TAudienceMode } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import type { AudienceChoice } from './audience.queries.ts';

export interface AudienceInput {
  audience: TAudienceMode;
  audience_group_ids: number[];
  audience_user_ids: number[];
}

/** The chosen classes, team groups and members, without repeats; none unless the mode is `chosen`. */
export function chosenOf(input: AudienceInput): AudienceChoice {
  const chosen = input.audience === 'chosen';
  return {
    groupIds: chosen ? [...new Set(input.audience_group_ids)] : [],
    userIds: chosen ? [...new Set(input.audience_user_ids)] : [],
  };
}

/** A chosen audience that names nobody cannot be published (audience_empty). */
export function requireSomebodyChosen(mode: TAudienceMode, chosen: AudienceChoice): void {
  if (mode === 'chosen' && chosen.groupIds.length + chosen.userIds.length === 0) throw new AppError('audience_empty');
}
