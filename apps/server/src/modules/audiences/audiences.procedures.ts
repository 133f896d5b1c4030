import { audienceProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { audienceGroups, audienceMembers, countPeople } from './audience.queries.ts';
import { requireOwnAudience } from './audience-entries.ts';
import { chosenOf } from './save-audience.service.ts';

/** The audience picker of the exam wizard and the practice set form. */
export const audienceImplementations = [
  implement(p.audienceGroups, async (_input, ctx) => ({ list: await audienceGroups(ctx.db, ctx.session.siteId) })),
  implement(p.audienceMembers, async (input, ctx) => ({
    list: await audienceMembers(ctx.db, ctx.session.siteId, input.subject, input.keyword),
  })),
  implement(p.audienceCount, async (input, ctx) => {
    await requireOwnAudience(ctx.db, ctx.session.siteId, input.subject, input);
    return {
      people: await countPeople(ctx.db, ctx.session.siteId, input.subject, input.audience, chosenOf(input)),
    };
  }),
];
