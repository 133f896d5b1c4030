// Front door of the invigilation module (docs/invigilation.md): live invigilation of exams, the invigilators' page
// (pages.ts). Nothing of it is used by other modules; the exams' pages link to it by its address.

export { INVIGILATION_KEY } from './queries.ts';
