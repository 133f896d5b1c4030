// Front door of the job-admin module (others import it only from here). Task administration.

export { jobAdminImplementations } from './job-admin.procedures.ts';
