// Front door of the practice-sets module (others import it only from here). Practice sets, the teacher's side: the
// procedures, and the question pool of a set.

export { practicePoolQuestionIds } from './practice-pool.queries.ts';
export { practiceSetImplementations } from './practice-sets.procedures.ts';
