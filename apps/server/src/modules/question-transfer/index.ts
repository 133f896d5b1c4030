// Front door of the question-transfer module (others import it only from here). Question import and export: the
// procedures, and HTML escaping of text-format questions.

export { escapeHtml } from './formats/text.ts';
export { questionTransferImplementations } from './question-transfer.procedures.ts';
