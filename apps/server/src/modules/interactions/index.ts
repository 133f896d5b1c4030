// Front door of the interactions module (others import it only from here). Interactive answering: a course's live
// questions, authored and run by its teachers, answered by the students of its classes as they are pushed.

export { myOpenRuns } from './interaction-records.queries.ts';
export { interactionImplementations } from './interactions.procedures.ts';
