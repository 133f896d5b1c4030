// Front door of the certificates module (others import it only from here). Certificates: the procedures, and issuing
// one when an exam is passed.

export { certificateImplementations } from './certificates.procedures.ts';
export { issueCertificate } from './issue-certificate.ts';
