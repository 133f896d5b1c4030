// The teaching sources module's pages: one chunk, loaded only through a dynamic import. The teacher's library
// (`/teaching-source`) and one source's preview and facts (`/course/dataset/data-detail/{tab}/{id}`).

export { TeachingSourceDetailPage } from './TeachingSourceDetailPage.tsx';
export { TeachingSourceListPage } from './TeachingSourceListPage.tsx';
