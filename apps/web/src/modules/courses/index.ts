// Front door of the courses module: what other modules use (its pages are in pages.ts). Live rooms pick their
// co-hosts with the course team's teacher picker.

export { CourseTeacherSelect } from './CourseTeacherSelect.tsx';
