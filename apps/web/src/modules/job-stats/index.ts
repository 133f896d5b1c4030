// Front door of the job-stats module: what other modules use (its pages are in pages.ts).

export { figureColumns } from './stat-columns.tsx';
