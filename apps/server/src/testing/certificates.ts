import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { issueCertificate } from '../modules/certificates/issue-certificate.service.ts';
import type { TestApp } from './test-app.ts';

export interface CertFixture {
  templateId: number;
  certificateId: number;
  code: string;
}

/** A certificate template of the site and a manual certificate of it for the site's first member. */
export async function createCertFixture(t: TestApp, siteId: number): Promise<CertFixture> {
  const db = t.deps.db;
  const unique = Math.random().toString(36).slice(2, 10);
  const [member] = await db
    .select({ userId: schema.siteUsers.userId })
    .from(schema.siteUsers)
    .where(eq(schema.siteUsers.siteId, siteId))
    .limit(1);
  const [template] = await db
    .insert(schema.certTemplates)
    .values({ siteId, name: `fixture ${unique}`, title: 'Certificate', body: '{name} {subject}', validMonths: 12 })
    .returning({ id: schema.certTemplates.id });
  const issued = await issueCertificate(db, {
    siteId,
    templateId: template!.id,
    userId: member!.userId,
    source: 'manual',
    sourceId: null,
    subject: `fixture ${unique}`,
    score: '',
    issuedBy: null,
  });
  return { templateId: template!.id, certificateId: issued.id, code: issued.code };
}
