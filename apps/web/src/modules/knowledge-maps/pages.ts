// The knowledge-maps module's pages: one chunk, loaded only through a dynamic import.

export { CourseMapsPage } from './CourseMapsPage.tsx';
export { LabelDetailPage } from './LabelDetailPage.tsx';
export { LabelListPage } from './LabelListPage.tsx';
export { MapCreatePage } from './MapCreatePage.tsx';
export { MapDetailPage } from './MapDetailPage.tsx';
export { MapListPage } from './MapListPage.tsx';
export { NodeListPage } from './NodeListPage.tsx';
