// The question-transfer module's pages: one chunk, loaded only through a dynamic import.

export { ImportQuestionsPage } from './ImportQuestionsPage.tsx';
