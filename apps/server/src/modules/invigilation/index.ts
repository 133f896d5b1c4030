// Front door of the invigilation module (others import it only from here). Live invigilation of exams: candidates'
// cameras (and screens) on the exam's media room, the invigilators' grid, warnings, and the camera and screen events
// the media server reports (docs/invigilation.md).

// Listens to the media server's events on the exams' rooms (a camera or a screen that stops).
import './device-events.ts';

export { invigilationImplementations } from './invigilation.procedures.ts';
