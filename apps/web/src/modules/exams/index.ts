// Front door of the exams module: what other modules use (its pages are in pages.ts). The courses module builds its
// course exams with the wizard in course mode and previews their paper (docs/courses.md, "Course exams").

// The invigilators' grid (modules/invigilation) shows an attempt's newest evidence and opens its whole timeline.
export { AttemptEvidenceDrawer, detailText, FLAGGED_EVENTS } from './AttemptEvidenceDrawer.tsx';
export { ExamWizard } from './ExamWizardPage.tsx';
export { minutesText } from './exam-teacher-shared.tsx';
export type { ExamWizardCourse } from './exam-wizard-values.ts';
export { examDetailQuery } from './queries.ts';
