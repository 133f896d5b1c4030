import { z } from 'zod';
import { procedure } from '../procedure.ts';

/**
 * Who an exam or a practice set is for (docs/exams.md "Audience"): everyone in the organisation (practice sets
 * only), every student (role_student holders), or chosen classes, team groups and members. Only the audience sees
 * the item, counts it as pending and may join or start it; membership is resolved when read, and reaches only members
 * whose roles may take part (`AUDIENCE_TAKING_KEYS`: an annotator chosen through a team group is not asked to sit an
 * exam their role cannot open).
 * `/audience/...` serve the picker of the exam wizard and the practice set form.
 */
export const AUDIENCE_LIMITS = { groups: 200, users: 500, search: 20, keyword: 50 } as const;

export const AUDIENCE_MODES = ['everyone', 'students', 'chosen'] as const;
export const ZAudienceMode = z.enum(AUDIENCE_MODES);
export type TAudienceMode = z.infer<typeof ZAudienceMode>;
/** An exam is for the students or for chosen people, said explicitly: never everyone (producers, annotators...). */
export const EXAM_AUDIENCE_MODES = ['students', 'chosen'] as const;

const ZId = z.number().int().positive();

/** What an audience is of, and the permission key a member's role must hold to take part in it. */
export const AUDIENCE_SUBJECTS = ['exam', 'practice_set'] as const;
export const ZAudienceSubject = z.enum(AUDIENCE_SUBJECTS);
export type TAudienceSubject = z.infer<typeof ZAudienceSubject>;
export const AUDIENCE_TAKING_KEYS: Record<TAudienceSubject, string> = {
  exam: '/dataset-examine/start',
  practice_set: '/trainingcamp/train-start',
};

/** The chosen classes and team groups, and members, of a `chosen` audience (ignored by the other modes). */
export const ZAudienceChoice = z.object({
  audience_group_ids: z.array(ZId).max(AUDIENCE_LIMITS.groups).default([]),
  audience_user_ids: z.array(ZId).max(AUDIENCE_LIMITS.users).default([]),
});
export const AUDIENCE_TENANT_IDS = { audience_group_ids: 'group', audience_user_ids: 'user' } as const;

export const ZAudienceGroup = z.object({
  id: z.number().int(),
  kind: z.enum(['class', 'team']),
  name: z.string(),
  status: z.enum(['open', 'closed']),
  /** Members now. */
  member_count: z.number().int(),
});
export type TAudienceGroup = z.infer<typeof ZAudienceGroup>;

export const ZAudienceMember = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  roles: z.array(z.string()),
});
export type TAudienceMember = z.infer<typeof ZAudienceMember>;

/** An item's audience as stored, with the names of what was chosen and how many people it reaches now. */
export const ZAudienceDetail = z.object({
  mode: ZAudienceMode,
  groups: z.array(ZAudienceGroup),
  users: z.array(ZAudienceMember),
  /** Active members of the organisation the audience reaches now. */
  people: z.number().int(),
});
export type TAudienceDetail = z.infer<typeof ZAudienceDetail>;

export const audienceProcedures = {
  audienceGroups: procedure({
    path: '/audience/groups',
    summary: "The organisation's classes and team groups (open ones first, by name) with their member counts.",
    input: z.object({}),
    output: z.object({ list: z.array(ZAudienceGroup) }),
  }),
  audienceMembers: procedure({
    path: '/audience/members',
    summary: `Active members of the organisation whose roles may take part in the subject (an exam or a practice set) and whose username or nickname contains the keyword, at most ${AUDIENCE_LIMITS.search}.`,
    input: z.object({ subject: ZAudienceSubject, keyword: z.string().trim().max(AUDIENCE_LIMITS.keyword).default('') }),
    output: z.object({ list: z.array(ZAudienceMember) }),
  }),
  audienceCount: procedure({
    path: '/audience/count',
    summary:
      'How many active members an audience of an exam or a practice set would reach now (the picker shows it as it is chosen).',
    input: ZAudienceChoice.extend({ subject: ZAudienceSubject, audience: ZAudienceMode }),
    output: z.object({ people: z.number().int() }),
    tenantIds: AUDIENCE_TENANT_IDS,
  }),
} as const;
