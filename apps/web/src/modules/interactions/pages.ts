// The interactions module's pages: one chunk, loaded only through a dynamic import. Authoring, the teacher's live
// run with its projector view, the student's screen, the records and a session's detail.

export { InteractionEditorPage } from './InteractionEditorPage.tsx';
export { RunDetailPage } from './RunDetailPage.tsx';
export { RunRecordsPage } from './RunRecordsPage.tsx';
export { StudentRunPage } from './StudentRunPage.tsx';
export { TeacherRunPage } from './TeacherRunPage.tsx';
