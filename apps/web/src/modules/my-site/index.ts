export { MySitePage } from './MySitePage.tsx';
