import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, createdAt, id, ref, updatedAt } from './columns.ts';
import { sites, users } from './iam.ts';

/**
 * Certificates (modules 7, 8 and 11): an organisation's templates, certificates issued to users (for a passed exam,
 * or by hand), each with a code anyone can verify on the public page.
 */

export const certTemplates = pgTable(
  'cert_templates',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    /** Printed heading, e.g. "Certificate of Completion". */
    title: varchar('title', { length: 100 }).notNull(),
    /** Printed text; {name}, {subject}, {score} and {date} are filled in at issue. */
    body: varchar('body', { length: 500 }).notNull().default(''),
    issuer: varchar('issuer', { length: 100 }).notNull().default(''),
    /** Months a certificate stays valid; null = no end. */
    validMonths: integer('valid_months'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cert_templates_site').on(t.siteId, t.id)],
);

export type CertSource = 'exam' | 'manual';

/** An issued certificate; `code` is unguessable and unique across the platform (public verification). */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    templateId: ref('template_id')
      .notNull()
      .references(() => certTemplates.id, { onDelete: 'restrict' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull(),
    source: varchar('source', { length: 16 }).$type<CertSource>().notNull(),
    /** The exam (or other source record) it was issued for; one certificate per source record and user. */
    sourceId: ref('source_id'),
    /** What it certifies, as printed (the exam's name at issue time). */
    subject: varchar('subject', { length: 100 }).notNull(),
    score: varchar('score', { length: 16 }).notNull().default(''),
    /** The name printed on it (the user's nickname at issue time). */
    holderName: varchar('holder_name', { length: 50 }).notNull(),
    issuedBy: ref('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: atNow('issued_at'),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
    revokeReason: varchar('revoke_reason', { length: 200 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('certificates_code').on(t.code),
    uniqueIndex('certificates_source_user').on(t.templateId, t.source, t.sourceId, t.userId),
    index('certificates_site').on(t.siteId, t.id),
    index('certificates_user').on(t.userId, t.id),
  ],
);
