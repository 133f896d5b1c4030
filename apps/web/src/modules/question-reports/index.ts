export { ContentManagerHomePage } from './ContentManagerHomePage.tsx';
export { ErrorProneListPage } from './ErrorProneListPage.tsx';
export { MyReportsPage } from './MyReportsPage.tsx';
export { ReportQuestionButton } from './ReportQuestionButton.tsx';
export { DataCorrectionPage, FeedbackPage } from './ReportQueuePage.tsx';
