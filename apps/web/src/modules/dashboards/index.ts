export { PlatformHomePage } from './PlatformHomePage.tsx';
