import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Classes (learning module 7, /user/mygroups) and team groups with user tags (annotation: team member
 * management). Names: a class 1-25 characters; the annotation spec allows 0-25 for a team group, but an
 * empty name cannot be told apart in lists, so at least 1 is required for both. Tags 1-255.
 */
export const GROUP_LIMITS = {
  name: 25,
  tagName: 255,
  joinCode: 6,
  /** Members added, removed, transferred or tagged in one call. */
  batch: 200,
} as const;

export const GROUP_KINDS = ['class', 'team'] as const;
export type TGroupKind = (typeof GROUP_KINDS)[number];

/**
 * Built-in roles that manage each kind of group (the super administrator manages both, and so does a custom
 * role holding the keys). The `/group/...` keys are shared by both kinds; the server checks the kind.
 */
export const GROUP_KIND_ROLES: Readonly<Record<TGroupKind, readonly string[]>> = {
  class: ['role_teacher', 'role_manager'],
  team: ['role_manager', 'role_team_admin'],
};

/** Roles whose holders are team members (annotation): only they may be put in or moved between team groups. */
export const TEAM_MEMBER_ROLES = ['role_team_operator', 'role_team_admin'] as const;

export const TRANSFER_FAILURES = ['not_in_group', 'not_team_member', 'not_activated'] as const;
export type TTransferFailure = (typeof TRANSFER_FAILURES)[number];

const ZId = z.number().int().positive();
const ZKind = z.enum(GROUP_KINDS);
const ZClassGroupName = z.string().trim().min(1, 'validation.required').max(GROUP_LIMITS.name, 'validation.too_long');
const ZTagName = z.string().trim().min(1, 'validation.required').max(GROUP_LIMITS.tagName, 'validation.too_long');
const ZIds = z
  .array(ZId)
  .min(1)
  .max(GROUP_LIMITS.batch)
  .transform((ids) => [...new Set(ids)]);
const ZOk = z.object({ ok: z.literal(true) });

export const ZClassGroupRow = z.object({
  id: z.number().int(),
  kind: ZKind,
  name: z.string(),
  /** Classes: the code students join with; null for team groups. */
  join_code: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  owner_id: z.number().int().nullable(),
  owner_nickname: z.string().nullable(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type TClassGroupRow = z.infer<typeof ZClassGroupRow>;

export const ZClassGroupMemberRow = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  roles: z.array(z.string()),
  status: z.enum(['active', 'pending']),
  joined_at: z.string(),
});
export type TClassGroupMemberRow = z.infer<typeof ZClassGroupMemberRow>;

export const ZUserTagRow = z.object({
  id: z.number().int(),
  name: z.string(),
  user_count: z.number().int(),
  created_at: z.string(),
});
export type TUserTagRow = z.infer<typeof ZUserTagRow>;

const ZFailures = z.array(z.object({ user_id: z.number().int(), reason: z.enum(TRANSFER_FAILURES) }));

export const classGroupProcedures = {
  cgroupList: procedure({
    path: '/group/list',
    summary:
      "Classes or team groups of the caller's organisation, newest first (a teacher sees the classes they own); the keyword searches names and join codes.",
    input: ZListInput.extend({ kind: ZKind, status: z.enum(['open', 'closed']).optional() }),
    output: listOutput(ZClassGroupRow),
  }),
  cgroupDetail: procedure({
    path: '/group/detail',
    summary: 'One class or team group of the organisation.',
    input: z.object({ id: ZId }),
    output: ZClassGroupRow,
    tenantIds: { id: 'group' },
  }),
  cgroupForm: procedure({
    path: '/group/form',
    summary: 'What the group forms need: name limits and the kinds the caller may manage.',
    input: z.object({}),
    output: z.object({
      name_max: z.number().int(),
      tag_name_max: z.number().int(),
      kinds: z.array(ZKind),
    }),
  }),
  cgroupCreate: procedure({
    path: '/group/create',
    summary: 'A new class (open, with a fresh 6-character join code, owned by the caller) or team group.',
    input: z.object({ kind: ZKind, name: ZClassGroupName }),
    output: ZClassGroupRow,
  }),
  cgroupUpdate: procedure({
    path: '/group/update',
    summary: 'Renames a class or team group.',
    input: z.object({ id: ZId, name: ZClassGroupName }),
    output: ZClassGroupRow,
    tenantIds: { id: 'group' },
  }),
  cgroupDelete: procedure({
    path: '/group/delete',
    summary: 'Deletes a group; a class that still has students cannot be deleted, only closed (class_not_empty).',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'group' },
  }),
  cgroupClose: procedure({
    path: '/group/close',
    summary: 'Closes a group: its code no longer lets anyone join (conflict when already closed).',
    input: z.object({ id: ZId }),
    output: ZClassGroupRow,
    tenantIds: { id: 'group' },
  }),
  cgroupOpen: procedure({
    path: '/group/open',
    summary: 'Opens a closed group again (conflict when already open).',
    input: z.object({ id: ZId }),
    output: ZClassGroupRow,
    tenantIds: { id: 'group' },
  }),
  cgroupUserList: procedure({
    path: '/group/user-list',
    summary: 'Members of one group, in the order they joined; the keyword searches usernames and nicknames.',
    input: ZListInput.extend({ group_id: ZId }),
    output: listOutput(ZClassGroupMemberRow),
    tenantIds: { group_id: 'group' },
  }),
  cgroupUserCandidates: procedure({
    path: '/group/user-candidates',
    summary:
      'Up to 20 active members of the organisation who are not in the group, matching the keyword (username or nickname), with the class each is in.',
    input: z.object({ group_id: ZId, keyword: z.string().max(100).optional() }),
    output: z.object({
      list: z.array(
        z.object({
          user_id: z.number().int(),
          username: z.string(),
          nickname: z.string(),
          class_name: z.string().nullable(),
        }),
      ),
    }),
    tenantIds: { group_id: 'group' },
  }),
  cgroupUserCreate: procedure({
    path: '/group/user-create',
    summary:
      'Adds members of the organisation to a group. A class: all or nothing, a student already in another class answers already_in_class naming them. A team group: non-team or pending members come back as failures, the others are added.',
    input: z.object({ group_id: ZId, user_ids: ZIds }),
    output: z.object({ added: z.number().int(), failures: ZFailures }),
    tenantIds: { group_id: 'group', user_ids: 'user' },
  }),
  cgroupUserDelete: procedure({
    path: '/group/user-delete',
    summary: 'Removes members from a group (ids that are not members are ignored).',
    input: z.object({ group_id: ZId, user_ids: ZIds }),
    output: z.object({ removed: z.number().int() }),
    tenantIds: { group_id: 'group', user_ids: 'user' },
  }),
  cgroupTransfer: procedure({
    path: '/group/transfer',
    summary:
      'Moves members from one team group to another. Members not in the first group, non-team members and pending memberships come back as failures with a reason; the others are moved.',
    input: z.object({ from_group_id: ZId, to_group_id: ZId, user_ids: ZIds }),
    output: z.object({ moved: z.number().int(), failures: ZFailures }),
    tenantIds: { from_group_id: 'group', to_group_id: 'group', user_ids: 'user' },
  }),
  cgroupUserUpdate: procedure({
    path: '/group/user-update',
    summary:
      'Moves one member from a group to another group of the same kind (class or team) with the rules of /group/transfer; a refused member comes back as a failure with its reason.',
    input: z.object({ group_id: ZId, to_group_id: ZId, user_id: ZId }),
    output: z.object({ moved: z.number().int(), failures: ZFailures }),
    tenantIds: { group_id: 'group', to_group_id: 'group', user_id: 'user' },
  }),
  cgroupJoinByCode: procedure({
    path: '/group/join-by-code',
    summary:
      'The caller joins an open class of their current organisation by its code; a student is in one class at most (already_in_class).',
    input: z.object({
      code: z
        .string()
        .trim()
        .min(1)
        .max(GROUP_LIMITS.joinCode * 2),
    }),
    output: z.object({ id: z.number().int(), name: z.string() }),
    access: 'authenticated',
  }),
  cgroupMyClass: procedure({
    path: '/group/my-class',
    summary: 'The class the caller is in within their current organisation, or null.',
    input: z.object({}),
    output: z.object({
      class: z
        .object({
          id: z.number().int(),
          name: z.string(),
          status: z.enum(['open', 'closed']),
          owner_nickname: z.string().nullable(),
          joined_at: z.string(),
        })
        .nullable(),
    }),
    access: 'authenticated',
  }),
  tagList: procedure({
    path: '/user/tags',
    summary: "User tags of the caller's organisation with how many members carry each, by name.",
    input: z.object({ keyword: z.string().max(100).optional() }),
    output: z.object({ list: z.array(ZUserTagRow) }),
  }),
  tagCreate: procedure({
    path: '/user/tag-create',
    summary: 'A new user tag (names are unique in an organisation: conflict).',
    input: z.object({ name: ZTagName }),
    output: ZUserTagRow,
  }),
  tagUpdate: procedure({
    path: '/user/tag-update',
    summary: 'Renames a user tag.',
    input: z.object({ id: ZId, name: ZTagName }),
    output: ZUserTagRow,
    tenantIds: { id: 'tag' },
  }),
  tagDelete: procedure({
    path: '/user/tag-delete',
    summary: 'Deletes a user tag and takes it off every member.',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'tag' },
  }),
  tagSet: procedure({
    path: '/user/tag-set',
    summary: 'Gives each of the members exactly these tags (an empty list takes every tag off).',
    input: z.object({
      user_ids: ZIds,
      tag_ids: z
        .array(ZId)
        .max(GROUP_LIMITS.batch)
        .transform((ids) => [...new Set(ids)]),
    }),
    output: z.object({ count: z.number().int() }),
    tenantIds: { user_ids: 'user', tag_ids: 'tag' },
  }),
} as const;
