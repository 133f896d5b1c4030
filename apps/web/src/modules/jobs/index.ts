export { JobFramePage } from './JobFramePage.tsx';
export { TaskCenterPage } from './TaskCenterPage.tsx';
export { TaskDetailPage } from './TaskDetailPage.tsx';
