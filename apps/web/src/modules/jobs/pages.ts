// The jobs module's pages: one chunk, loaded only through a dynamic import.

export { JobFramePage } from './JobFramePage.tsx';
export { TaskCenterPage } from './TaskCenterPage.tsx';
export { TaskDetailPage } from './TaskDetailPage.tsx';
