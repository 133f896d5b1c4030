// The job-stats module's pages: one chunk, loaded only through a dynamic import.

export { MyStatsPage } from './MyStatsPage.tsx';
export { OperatorDashboardPage } from './OperatorDashboardPage.tsx';
export { TeamStatsPage } from './TeamStatsPage.tsx';
