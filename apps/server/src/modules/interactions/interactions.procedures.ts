import { interactionProcedures as p } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { implement } from '../../platform/procedures.ts';
import { registerUserStat } from '../../platform/user-stat.ts';
import { registerTodoSource } from '../todo/index.ts';
import { answerRun, joinRun } from './answer-interaction.service.ts';
import { exportRun } from './export-run.service.ts';
import { myOpenRuns, runDetail, runRecords } from './interaction-records.queries.ts';
import { interactionDetail, interactionList } from './interactions.queries.ts';
import { closeQuestion, endRun, runLive, sendQuestion, startRun } from './run-interaction.service.ts';
import { createInteraction, deleteInteraction, updateInteraction } from './save-interaction.service.ts';

// The to-do panel lists, and the heartbeat counts, the open interactions waiting for the caller's answer.
registerTodoSource(async (ctx) => {
  if (ctx.session.siteId === null) return {};
  const { list } = await myOpenRuns(ctx.db, ctx.session.siteId, ctx.session.userId);
  if (list.length === 0) return {};
  const [site] = await ctx.db
    .select({ name: schema.sites.name })
    .from(schema.sites)
    .where(eq(schema.sites.id, ctx.session.siteId));
  return {
    interact_task_list: list.map((run) => ({
      id: run.id,
      train_id: run.train_id,
      train: { generate_site_id: ctx.session.siteId! },
      site: { name: site?.name ?? '' },
      interact: { name: run.title, data_count: run.data_count },
    })),
  };
});
registerUserStat('course_interact_task_count', async (deps, session) =>
  session.siteId === null ? 0 : (await myOpenRuns(deps.db, session.siteId, session.userId)).list.length,
);

/** Interactive answering: authoring and running (teachers of the course), answering (students of its classes). */
export const interactionImplementations = [
  implement(p.interactList, async (input, ctx) =>
    interactionList(ctx.db, ctx.session.siteId, ctx.session, input.course_id),
  ),
  implement(p.interactDetail, async (input, ctx) =>
    interactionDetail(ctx.db, ctx.session.siteId, ctx.session, input.id),
  ),
  implement(p.interactCreate, async (input, ctx) => createInteraction(ctx, input)),
  implement(p.interactUpdate, async (input, ctx) => updateInteraction(ctx, input)),
  implement(p.interactDelete, async (input, ctx) => deleteInteraction(ctx, input.id)),
  implement(p.interactStart, async (input, ctx) => startRun(ctx, input)),
  implement(p.interactSend, async (input, ctx) => sendQuestion(ctx, input)),
  implement(p.interactClose, async (input, ctx) => closeQuestion(ctx, input, false)),
  implement(p.interactReveal, async (input, ctx) => closeQuestion(ctx, input, true)),
  implement(p.interactEnd, async (input, ctx) => endRun(ctx, input)),
  implement(p.interactLive, async (input, ctx) => runLive(ctx, input.run_id)),
  implement(p.interactRecords, async (input, ctx) => {
    const { list, total } = await runRecords(ctx.db, ctx.session.siteId, ctx.session, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.interactRunDetail, async (input, ctx) =>
    runDetail(ctx.db, ctx.session.siteId, ctx.session, input.run_id),
  ),
  implement(p.interactRunExport, async (input, ctx) => exportRun(ctx, input.run_id)),
  implement(p.interactMyOpen, async (_input, ctx) => myOpenRuns(ctx.db, ctx.session.siteId, ctx.session.userId)),
  implement(p.interactJoin, async (input, ctx) => joinRun(ctx, input.run_id)),
  implement(p.interactAnswer, async (input, ctx) => answerRun(ctx, input)),
];
