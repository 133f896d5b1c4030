export { LecturerPage } from './LecturerPage.tsx';
export { ManagerLecturerPage } from './ManagerLecturerPage.tsx';
