// Front door of the exam-taking module: what other modules use (its pages are in pages.ts). The teacher's reading of
// a candidate's attempt (`/trainingcamp/stuExamDetail`) shows it with the candidate's own result view.

export { ExamResultView } from './ExamResultView.tsx';
