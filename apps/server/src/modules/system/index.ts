// Front door of the system module (others import it only from here). System calls: session and cache refresh, online
// counts.

export { systemImplementations } from './system.procedures.ts';
