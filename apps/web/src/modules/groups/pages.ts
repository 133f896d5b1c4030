// The groups module's pages: one chunk, loaded only through a dynamic import.

export { ClassesPage } from './ClassesPage.tsx';
