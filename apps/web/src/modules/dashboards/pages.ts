// The dashboards module's pages: one chunk, loaded only through a dynamic import.

export { PlatformHomePage } from './PlatformHomePage.tsx';
