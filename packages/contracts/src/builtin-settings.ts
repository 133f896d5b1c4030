import type { TSettingValueType } from './procedures/settings.ts';

/** What the built-in settings are for; the settings page shows one group after another in this order. */
export const SETTING_GROUPS = ['shell', 'learning', 'invitations', 'annotation'] as const;
export type TSettingGroup = (typeof SETTING_GROUPS)[number];

/**
 * Modules a built-in setting can belong to, and whether this deployment has them yet. A setting of a module that
 * is not present stays in the database but is left out of `/setting/list` (so the settings page does not offer a
 * switch for a missing feature); flip the module here when it arrives.
 */
export const MODULES_PRESENT = { live_rooms: false, chatgpt: false } as const;

export interface BuiltInSetting {
  key: string;
  group: TSettingGroup;
  valueType: TSettingValueType;
  /** The value seeded at first start. */
  value: string;
  /** Bounds of a number setting (inclusive). */
  min?: number;
  max?: number;
  module?: keyof typeof MODULES_PRESENT;
  /** The row's stored name and description (English); the web shows `system-admin:setting.<key>` titles and help. */
  name: string;
  description: string;
}

/** The built-in platform settings, seeded at start when missing (never overwritten) and not deletable. */
export const BUILT_IN_SETTINGS: readonly BuiltInSetting[] = [
  {
    key: 'help_url',
    group: 'shell',
    valueType: 'string',
    value: '',
    name: 'Help URL',
    description: 'Address the help icon opens',
  },
  {
    key: 'showCdkey',
    group: 'shell',
    valueType: 'boolean',
    value: '1',
    name: 'Activation codes',
    description: 'Shows activation codes',
  },
  {
    key: 'open_webrtc',
    group: 'shell',
    valueType: 'boolean',
    value: '0',
    module: 'live_rooms',
    name: 'Live rooms',
    description: 'Shows the live-room entry',
  },
  {
    key: 'open_chatgpt',
    group: 'shell',
    valueType: 'boolean',
    value: '0',
    module: 'chatgpt',
    name: 'ChatGPT',
    description: 'Shows the ChatGPT records',
  },
  {
    key: 'wrong_book_n',
    group: 'learning',
    valueType: 'number',
    value: '3',
    min: 0,
    max: 20,
    name: 'Wrong-book N',
    description: 'Consecutive correct answers that take a question out of the wrong book (0 = never)',
  },
  {
    key: 'invite_hours',
    group: 'invitations',
    valueType: 'number',
    value: '48',
    min: 1,
    max: 720,
    name: 'Invitation validity',
    description: 'Hours an invitation link lasts',
  },
  {
    key: 'question_review',
    group: 'learning',
    valueType: 'boolean',
    value: '1',
    name: 'Question review',
    description:
      "New and edited questions wait for a content manager's review (an organisation's own row decides for it)",
  },
  {
    key: 'project_audit',
    group: 'annotation',
    valueType: 'boolean',
    value: '1',
    name: 'Project audit',
    description: 'Published projects wait for the platform audit',
  },
  {
    key: 'project_audit_optional',
    group: 'annotation',
    valueType: 'boolean',
    value: '0',
    name: 'Project audit optional',
    description: 'Organisations may turn the platform audit of their own projects off (their project_audit row)',
  },
  {
    key: 'open_audit_edit',
    group: 'annotation',
    valueType: 'boolean',
    value: '1',
    name: 'Audit edit',
    description: 'Reviewers may edit annotations while auditing',
  },
];

export function builtInSetting(key: string): BuiltInSetting | undefined {
  return BUILT_IN_SETTINGS.find((setting) => setting.key === key);
}

/** Keys of the built-in settings whose module this deployment does not have yet. */
export const HIDDEN_SETTING_KEYS: readonly string[] = BUILT_IN_SETTINGS.filter(
  (setting) => setting.module !== undefined && !MODULES_PRESENT[setting.module],
).map((setting) => setting.key);
