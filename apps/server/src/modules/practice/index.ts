// Front door of the practice module (others import it only from here). Certification learning, the learner's side: the
// procedures, and what the learner's home shows of it.

export { myWrongBook } from './learner-books.queries.ts';
export { practiceImplementations } from './practice.procedures.ts';
export { presentSession } from './practice.queries.ts';
export { findVisibleSet } from './practice-sets.queries.ts';
