// Front door of the exam-taking module: what other modules use (its pages are in pages.ts). The teacher's reading of
// a candidate's attempt (`/trainingcamp/stuExamDetail`) shows it with the candidate's own result view.

// Practice (modules/practice) answers the types that are not choices with the same inputs and shows the same review.
export { ExamResponseInput } from './ExamResponseInput.tsx';
export { ResponseReview } from './ExamResultAnswer.tsx';
export { ExamResultView } from './ExamResultView.tsx';
// Interactive answering (modules/interactions) shows question HTML and option letters as the papers do.
export { ExamHtml, letter } from './exam-shared.tsx';
