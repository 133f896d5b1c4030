// Front door of the messages module (others import it only from here). The message center's procedures; notices are
// written with platform/notices.ts.

export { messageImplementations } from './messages.procedures.ts';
