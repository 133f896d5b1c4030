export * from './access.ts';
export * from './dicts.ts';
export * from './groups.ts';
export * from './iam.ts';
export * from './platform.ts';
export * from './teachers.ts';
