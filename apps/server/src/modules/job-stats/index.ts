// Front door of the job-stats module (others import it only from here). Performance statistics from the job records.

export { jobStatImplementations } from './job-stats.procedures.ts';
