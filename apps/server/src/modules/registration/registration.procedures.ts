import { registrationProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { describeInvitation, registerByInvitation } from './register-by-invitation.service.ts';

export const registrationImplementations = [
  implement(p.invitationInfo, async (input, ctx) => describeInvitation(ctx, input.token)),
  implement(p.register, async (input, ctx) => registerByInvitation(ctx, input)),
];
