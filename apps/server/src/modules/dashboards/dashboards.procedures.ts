import { dashboardProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { getPlatformDashboard } from './platform-dashboard.service.ts';
import { getSiteDashboard } from './site-dashboard.service.ts';

export const dashboardImplementations = [
  implement(p.platform, async (_input, ctx) => getPlatformDashboard(ctx)),
  implement(p.manager, async (_input, ctx) => getSiteDashboard(ctx)),
];
