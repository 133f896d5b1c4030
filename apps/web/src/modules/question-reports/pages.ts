// The question-reports module's pages: one chunk, loaded only through a dynamic import.

export { ContentManagerHomePage } from './ContentManagerHomePage.tsx';
export { ErrorProneListPage } from './ErrorProneListPage.tsx';
export { MyReportsPage } from './MyReportsPage.tsx';
export { DataCorrectionPage, FeedbackPage } from './ReportQueuePage.tsx';
