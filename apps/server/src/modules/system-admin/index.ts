// Front door of the system-admin module (others import it only from here). System administration: the procedures, the
// day arithmetic of its date filters, sign-in statistics.

export { dayAfter } from './logs.queries.ts';
export { systemAdminImplementations } from './system-admin.procedures.ts';
export { SIGN_IN_ACTIONS, userStatsPerDay } from './user-stat.queries.ts';
