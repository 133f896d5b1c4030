// Front door of the auth module (others import it only from here). Signing in and up, password reset: the procedures,
// mailed codes spent by registration, the login limits.

export { authImplementations } from './auth.procedures.ts';
export { LOGIN_LIMITS } from './login.service.ts';
export { spendEmailCode } from './spend-email-code.ts';
