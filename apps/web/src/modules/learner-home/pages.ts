// The learner-home module's pages: one chunk, loaded only through a dynamic import.

export { MyTrainPage } from './MyTrainPage.tsx';
export { StudentHomePage } from './StudentHomePage.tsx';
export { TrainDetailPage } from './TrainDetailPage.tsx';
