export * from './modules.ts';
export * from './pages.ts';
export * from './permission-grants.ts';
export * from './roles.ts';
export * from './types.ts';
