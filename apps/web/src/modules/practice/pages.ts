// The practice module's pages: one chunk, loaded only through a dynamic import.

export { CategoryPortraitPage } from './CategoryPortraitPage.tsx';
export { InteractExamPage } from './InteractExamPage.tsx';
export { MyCollectPage } from './MyCollectPage.tsx';
export { MyTestStatPage } from './MyTestStatPage.tsx';
export { MyWrongPage } from './MyWrongPage.tsx';
export { SelfExamRecordPage } from './SelfExamRecordPage.tsx';
export { TrainPage } from './TrainPage.tsx';
export { TrainReportPage } from './TrainReportPage.tsx';
export { TrainResultPage } from './TrainResultPage.tsx';
