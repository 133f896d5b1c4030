import { iamProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { changeRole, changeSite } from './switch.service.ts';
import { getUserDetail } from './user-detail.service.ts';

export const iamImplementations = [
  implement(p.detail, async (_input, ctx) => getUserDetail(ctx)),
  implement(p.changeSite, async (input, ctx) => changeSite(ctx, input.site_id)),
  implement(p.changeRole, async (input, ctx) => changeRole(ctx, input.rolename)),
];
