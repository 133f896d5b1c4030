// The teachers module's pages: one chunk, loaded only through a dynamic import.

export { LecturerPage } from './LecturerPage.tsx';
export { ManagerLecturerPage } from './ManagerLecturerPage.tsx';
