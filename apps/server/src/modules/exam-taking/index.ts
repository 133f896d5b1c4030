// Front door of the exam-taking module (others import it only from here). Exam attempts: the candidate's procedures,
// the teacher's actions on an attempt, the deadline sweep; and how a paper shows and grades a question (shownOrder,
// correctKeys, gradeAnswer, keyContent, keyCount, paperLayout), which interactive answering (modules/interactions)
// and practice (modules/practice) use too.

export { registerAnswerFileRoute } from './answer-files.ts';
export { loadAttempt } from './attempts.queries.ts';
export { type DeviceKind, recordDeviceEvent } from './device-events.queries.ts';
export { shownOrder } from './draw-paper.ts';
export { examOf, loadMyAttemptWithExam, recordExamEvent } from './exam-access.queries.ts';
export {
  attemptActionImplementations,
  examMarkingImplementations,
  examTakingImplementations,
} from './exam-taking.procedures.ts';
export { correctKeys, gradeAnswer } from './grade-attempt.ts';
export { keyContent, keyCount, paperLayout } from './paper-items.ts';
export { sweepExamDeadlines } from './sweep-exam-deadlines.ts';
