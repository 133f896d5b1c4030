// Front door of the audiences module (others import it only from here). Audiences (who may take an exam or practice
// set): the picker's procedures, reading and saving an audience.

export type { AudienceChoice, AudienceColumns } from './audience.queries.ts';
export { audienceChoice, audienceDetail, userInAudience } from './audience.queries.ts';
export { replaceAudienceEntries, requireOwnAudience } from './audience-entries.ts';
export { audienceImplementations } from './audiences.procedures.ts';
export { chosenOf, requireSomebodyChosen } from './save-audience.service.ts';
