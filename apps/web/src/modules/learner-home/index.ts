export { MyTrainPage } from './MyTrainPage.tsx';
export { StudentHomePage } from './StudentHomePage.tsx';
export { TrainDetailPage } from './TrainDetailPage.tsx';
