export * from './access.ts';
export * from './iam.ts';
export * from './platform.ts';
