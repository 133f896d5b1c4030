export * from './client.ts';
export { DataDirLockedError } from './data-dir-lock.ts';
export { outerColumn } from './outer-column.ts';
export { prepared } from './prepared.ts';
export * as schema from './schema/index.ts';
