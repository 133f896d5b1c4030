// Front door of the cdkeys module (others import it only from here). Activation codes: the procedures, and the code
// generator the demo question bank seeds with.

export { cdkeyImplementations } from './cdkeys.procedures.ts';
export { generateCode } from './create-cdkey-batch.service.ts';
