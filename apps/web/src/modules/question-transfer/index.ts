export { ImportQuestionsPage } from './ImportQuestionsPage.tsx';
