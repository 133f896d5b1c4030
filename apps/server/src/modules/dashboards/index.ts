// Front door of the dashboards module (others import it only from here). The platform's and the organisation's
// dashboards.

export { dashboardImplementations } from './dashboards.procedures.ts';
