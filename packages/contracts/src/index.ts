export * from './errors.ts';
export * from './lists.ts';
export * from './navigation/index.ts';
export * from './procedure.ts';
export * from './procedures/index.ts';
export * from './rules.ts';
