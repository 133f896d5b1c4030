// Front door of the exam-taking module (others import it only from here). Exam attempts: the candidate's procedures,
// the teacher's actions on an attempt, the deadline sweep.

export { registerAnswerFileRoute } from './answer-files.ts';
export {
  attemptActionImplementations,
  examMarkingImplementations,
  examTakingImplementations,
} from './exam-taking.procedures.ts';
export { sweepExamDeadlines } from './sweep-exam-deadlines.ts';
