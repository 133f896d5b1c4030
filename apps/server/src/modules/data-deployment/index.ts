// Front door of the data-deployment module (others import it only from here). Data deployment: its procedures and queue
// jobs.

export { DATA_DEPLOYMENT_QUEUE_JOBS, dataDeploymentImplementations } from './data-deployment.procedures.ts';
