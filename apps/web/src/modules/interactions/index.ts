// Front door of the interactions module: what other modules use (its pages are in pages.ts). The course editor
// shows a course's interactions in its "interactive answering" tab; the task drawer picks one for an interact task.

export { CourseInteractionsPanel } from './CourseInteractionsPanel.tsx';
export { interactionListQuery } from './queries.ts';
