// Front door of the my-info module (others import it only from here). The caller's own profile, password and avatar.

export { myInfoImplementations } from './my-info.procedures.ts';
