// The data-deployment module's pages: one chunk, loaded only through a dynamic import.

export { DataDeploymentPage } from './DataDeploymentPage.tsx';
