export { DataDeploymentPage } from './DataDeploymentPage.tsx';
