import { z } from 'zod';
import { procedure } from '../procedure.ts';
import {
  AVATAR_DATA_URL_MAX,
  clearable,
  ZAvatarDataUrl,
  ZChangePassword,
  ZEmail,
  ZMobile,
  ZNickname,
  ZOldPassword,
  ZRealName,
} from '../rules.ts';

/** The caller's own editable information. */
export const ZProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  real_name: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const myInfoProcedures = {
  profile: procedure({
    path: '/user/profile',
    summary: "The caller's own information: nickname, name, mobile, email and avatar.",
    access: 'authenticated',
    input: z.object({}),
    output: ZProfile,
  }),
  updateProfile: procedure({
    path: '/user/update-profile',
    summary:
      "Changes the caller's nickname, name, mobile and email. An empty or null name or mobile clears it; " +
      'an absent one stays. The email must not belong to another account (case-insensitive).',
    access: 'authenticated',
    input: z.object({
      nickname: ZNickname,
      real_name: clearable(ZRealName),
      mobile: clearable(ZMobile),
      email: ZEmail,
    }),
    output: ZProfile,
  }),
  updatePassword: procedure({
    path: '/user/update-password',
    summary:
      "Changes the caller's password (6-16 letters and digits, different from the old one). " +
      "The caller's other sessions end; the current one stays.",
    access: 'authenticated',
    input: z.object({ old_password: ZOldPassword, password: ZChangePassword }),
    output: z.object({ ok: z.literal(true) }),
  }),
  updateAvatar: procedure({
    path: '/user/update-avatar',
    summary:
      "Sets the caller's avatar from a base64 data URL of a JPEG or PNG image of 1 KB to 2 MB (the bytes are " +
      'checked, not the declared type); answers its public path.',
    access: 'authenticated',
    input: z.object({ image: ZAvatarDataUrl }),
    output: z.object({ avatar: z.string() }),
    bodyLimit: AVATAR_DATA_URL_MAX + 16 * 1024,
  }),
} as const;
