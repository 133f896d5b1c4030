// Front door of the knowledge-maps module: what other modules use (its pages are in pages.ts). The course editor
// lists a course's maps in its "knowledge maps" tab.

export { CourseMapsPanel } from './CourseMapsPanel.tsx';
