import { projectSetupProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { batchList } from './batches.queries.ts';
import { confirmBatches } from './confirm-batches.service.ts';
import { confirmProjectData } from './confirm-project-data.service.ts';
import { loadProject } from './projects.queries.ts';
import { savePeople } from './save-people.service.ts';
import { saveSteps } from './save-steps.service.ts';
import { saveTasks } from './save-tasks.service.ts';
import { setProjectTemplate } from './set-project-template.service.ts';
import { stepList } from './steps.queries.ts';
import { taskList } from './tasks.queries.ts';

/** The project wizard after its info step: template, data confirmation, batches, steps, tasks, people. */
export const projectSetupImplementations = [
  implement(p.setupSetTemplate, async (input, ctx) => setProjectTemplate(ctx, input)),
  implement(p.setupConfirmData, async (input, ctx) => confirmProjectData(ctx, input)),
  implement(p.setupBatchList, async (input, ctx) =>
    batchList(ctx.db, await loadProject(ctx.db, ctx.session.siteId, input.project_id)),
  ),
  implement(p.setupBatchConfirm, async (input, ctx) => confirmBatches(ctx, input)),
  implement(p.setupStepList, async (input, ctx) => {
    const project = await loadProject(ctx.db, ctx.session.siteId, input.project_id);
    return { list: await stepList(ctx.db, project.id) };
  }),
  implement(p.setupStepSave, async (input, ctx) => saveSteps(ctx, input)),
  implement(p.setupTaskList, async (input, ctx) => ({
    list: await taskList(ctx.db, await loadProject(ctx.db, ctx.session.siteId, input.project_id)),
  })),
  implement(p.setupTaskSave, async (input, ctx) => saveTasks(ctx, input)),
  implement(p.setupPeopleSave, async (input, ctx) => savePeople(ctx, input)),
];
