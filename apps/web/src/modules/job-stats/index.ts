export { MyStatsPage } from './MyStatsPage.tsx';
export { OperatorDashboardPage } from './OperatorDashboardPage.tsx';
export { figureColumns } from './stat-columns.tsx';
export { TeamStatsPage } from './TeamStatsPage.tsx';
