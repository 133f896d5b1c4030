import { index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, createdAt, id, ref } from './columns.ts';
import { sites, users } from './iam.ts';

/** Login sessions: only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: createdAt(),
    lastSeenAt: atNow('last_seen_at'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().defaultRandom(),
  answer: varchar('answer', { length: 16 }).notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** Codes mailed for password reset; only a hash is stored. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: id(),
    email: varchar('email', { length: 32 }).notNull(),
    purpose: varchar('purpose', { length: 32 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('email_codes_email').on(t.email, t.purpose)],
);

export const quickLoginTokens = pgTable('quick_login_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  userId: ref('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 64 }).notNull().unique(),
    remarks: varchar('remarks', { length: 255 }).notNull().default(''),
    visits: integer('visits').notNull().default(0),
    signups: integer('signups').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('using').$type<'using' | 'stopped'>(),
    createdBy: ref('created_by').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('invitations_site').on(t.siteId)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  toAddress: varchar('to_address', { length: 255 }).notNull(),
  subject: varchar('subject', { length: 255 }).notNull(),
  body: text('body').notNull(),
  status: varchar('status', { length: 16 })
    .notNull()
    .default('pending')
    .$type<'pending' | 'sent' | 'failed' | 'logged'>(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: createdAt(),
  sentAt: at('sent_at'),
});
