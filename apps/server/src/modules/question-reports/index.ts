// Front door of the question-reports module (others import it only from here). Corrections and feedback on questions:
// the procedures, and recording learners' answers.

export { questionReportImplementations } from './question-reports.procedures.ts';
export { recordQuestionAnswers } from './record-question-answers.ts';
