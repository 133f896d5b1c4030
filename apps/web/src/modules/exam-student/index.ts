export { MyExamPage } from './MyExamPage.tsx';
