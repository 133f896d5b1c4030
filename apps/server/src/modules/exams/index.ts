// Front door of the exams module (others import it only from here). Exams, the teacher's side: the procedures, and the
// blueprint rules a paper is drawn by.

export { blueprintCells } from './blueprint-cells.ts';
export { poolQuestionIds } from './blueprint-pool.queries.ts';
export { FLAG_KINDS } from './candidates.queries.ts';
export { examImplementations } from './exams.procedures.ts';
export { loadExam } from './exams.queries.ts';
