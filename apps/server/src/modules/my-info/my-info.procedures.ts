import { myInfoProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { updateAvatar } from './update-avatar.service.ts';
import { updatePassword } from './update-password.service.ts';
import { getProfile, updateProfile } from './update-profile.service.ts';

export const myInfoImplementations = [
  implement(p.profile, async (_input, ctx) => getProfile(ctx)),
  implement(p.updateProfile, async (input, ctx) => updateProfile(ctx, input)),
  implement(p.updatePassword, async (input, ctx) => updatePassword(ctx, input)),
  implement(p.updateAvatar, async (input, ctx) => updateAvatar(ctx, input.image)),
];
