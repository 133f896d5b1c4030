export { MyInfoPage } from './MyInfoPage.tsx';
