export { MyStatsPage } from './MyStatsPage.tsx';
export { OperatorDashboardPage } from './OperatorDashboardPage.tsx';
export { TeamStatsPage } from './TeamStatsPage.tsx';
