import { schema } from '@app/db';
import { issueCertificate } from '../modules/certificates/index.ts';
import { fixtureTag, insertId } from './fixture-rows.ts';
import { firstMemberId } from './sessions.ts';
import type { TestApp } from './test-app.ts';

export interface CertFixture {
  templateId: number;
  certificateId: number;
  code: string;
}

/** A certificate template of the site and a manual certificate of it for the site's first member. */
export async function createCertFixture(t: TestApp, siteId: number): Promise<CertFixture> {
  const unique = fixtureTag();
  const templateId = await insertId(t, schema.certTemplates, {
    siteId,
    name: `fixture ${unique}`,
    title: 'Certificate',
    body: '{name} {subject}',
    validMonths: 12,
  });
  const issued = await issueCertificate(t.deps.db, {
    siteId,
    templateId,
    userId: await firstMemberId(t, siteId),
    source: 'manual',
    sourceId: null,
    subject: `fixture ${unique}`,
    score: '',
    issuedBy: null,
  });
  return { templateId, certificateId: issued.id, code: issued.code };
}
