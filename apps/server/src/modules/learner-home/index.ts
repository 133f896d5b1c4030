// Front door of the learner-home module (others import it only from here). The learner's home.

export { learnerHomeImplementations } from './learner-home.procedures.ts';
