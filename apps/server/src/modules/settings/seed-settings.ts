import { type Executor, schema } from '@app/db';

/**
 * Built-in platform settings (no site): the shell switches, the wrong-book N (how many wrong answers put a
 * question into the wrong book), the hours an invitation link lasts and the review gates (`review-switches.ts`). Seeded at start when missing, never
 * overwritten, and not deletable.
 */
export const BUILTIN_SETTINGS = [
  { key: 'help_url', name: 'Help URL', value: '', valueType: 'string', description: 'Address the help icon opens' },
  {
    key: 'open_webrtc',
    name: 'Live rooms',
    value: '0',
    valueType: 'boolean',
    description: 'Shows the live-room entry',
  },
  {
    key: 'showCdkey',
    name: 'Activation codes',
    value: '1',
    valueType: 'boolean',
    description: 'Shows activation codes',
  },
  {
    key: 'open_audit_edit',
    name: 'Audit edit',
    value: '1',
    valueType: 'boolean',
    description: 'Reviewers may edit annotations while auditing',
  },
  { key: 'open_chatgpt', name: 'ChatGPT', value: '0', valueType: 'boolean', description: 'Shows the ChatGPT records' },
  {
    key: 'wrong_book_n',
    name: 'Wrong-book N',
    value: '3',
    valueType: 'number',
    description: 'Consecutive correct answers that take a question out of the wrong book (0 = never)',
  },
  {
    key: 'invite_hours',
    name: 'Invitation validity',
    value: '48',
    valueType: 'number',
    description: 'Hours an invitation link lasts',
  },
  {
    key: 'question_review',
    name: 'Question review',
    value: '1',
    valueType: 'boolean',
    description:
      "New and edited questions wait for a content manager's review (an organisation's own row decides for it)",
  },
  {
    key: 'project_audit',
    name: 'Project audit',
    value: '1',
    valueType: 'boolean',
    description: 'Published projects wait for the platform audit',
  },
  {
    key: 'project_audit_optional',
    name: 'Project audit optional',
    value: '0',
    valueType: 'boolean',
    description: 'Organisations may turn the platform audit of their own projects off (their project_audit row)',
  },
] as const;

/** Inserts the built-in platform settings that are missing; existing rows keep their values but become built in. */
export async function seedPlatformSettings(db: Executor): Promise<void> {
  await db
    .insert(schema.settings)
    .values(BUILTIN_SETTINGS.map((s) => ({ ...s, siteId: null, deletable: false })))
    .onConflictDoUpdate({ target: [schema.settings.siteId, schema.settings.key], set: { deletable: false } });
}
