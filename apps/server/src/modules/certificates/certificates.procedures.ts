import { certificateProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { dispenseList } from './cert-dispense.queries.ts';
import { listCerts, listSiteCerts, listTemplates, templateDetail } from './certificates.queries.ts';
import { exportCertificates } from './export-certificates.service.ts';
import { issueCandidates, myCertificates, verifyCertificate } from './holder-certificates.queries.ts';
import { issueByHand } from './issue-by-hand.service.ts';
import { revokeCertificate } from './revoke-certificate.service.ts';
import { createCertTemplate, deleteCertTemplate, updateCertTemplate } from './save-cert-template.service.ts';

const paged = <T>(input: { page: number; pageSize: number }, result: { list: T[]; total: number }) => ({
  ...result,
  page: input.page,
  pageSize: input.pageSize,
});

/** Certificates: templates and issuing (organisation), the holder's list, public verification, platform views. */
export const certificateImplementations = [
  implement(p.certTemplateList, async (input, ctx) =>
    paged(input, await listTemplates(ctx.db, ctx.session.siteId, input)),
  ),
  implement(p.certTemplateDetail, async (input, ctx) => templateDetail(ctx.db, ctx.session.siteId, input.id)),
  implement(p.certTemplateCreate, async (input, ctx) => createCertTemplate(ctx, input)),
  implement(p.certTemplateUpdate, async (input, ctx) => updateCertTemplate(ctx, input)),
  implement(p.certTemplateDelete, async (input, ctx) => deleteCertTemplate(ctx, input.id)),
  implement(p.certUserOptions, async (input, ctx) => issueCandidates(ctx.db, ctx.session.siteId, input.keyword)),
  implement(p.certIssue, async (input, ctx) => issueByHand(ctx, input)),
  implement(p.certList, async (input, ctx) => paged(input, await listSiteCerts(ctx.db, ctx.session.siteId, input))),
  implement(p.certExport, async (input, ctx) => exportCertificates(ctx, input)),
  implement(p.certRevoke, async (input, ctx) => revokeCertificate(ctx, input)),
  implement(p.certMine, async (_input, ctx) => myCertificates(ctx.db, ctx.session.userId)),
  implement(p.certVerify, async (input, ctx) => verifyCertificate(ctx, input.code)),
  implement(p.certPlatformList, async (input, ctx) => paged(input, await listCerts(ctx.db, input))),
  implement(p.certDispenseList, async (input, ctx) => paged(input, await dispenseList(ctx.db, input))),
];
