import { projectProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { auditProjectRelease } from './audit-project.service.ts';
import { changeProjectStatus } from './change-project-status.service.ts';
import { copyProject } from './copy-project.service.ts';
import { createProject } from './create-project.service.ts';
import { projectForm } from './project-people.queries.ts';
import { projectRecords } from './project-records.queries.ts';
import { listProjects, listProjectsForAudit, loadProject, projectDetail } from './projects.queries.ts';
import { publishProject } from './publish-project.service.ts';
import { updateProject } from './update-project.service.ts';

/** Annotation projects: list, detail, info, lifecycle, operation records and the platform audit. */
export const projectImplementations = [
  implement(p.projectList, async (input, ctx) => {
    const { rows, total } = await listProjects(ctx.db, ctx.session.siteId, input, ctx.lang);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.projectForm, async (_input, ctx) => projectForm(ctx.db, ctx.session.siteId)),
  implement(p.projectDetail, async (input, ctx) => projectDetail(ctx.db, ctx, input.id)),
  implement(p.projectCreate, async (input, ctx) => createProject(ctx, input)),
  implement(p.projectUpdate, async (input, ctx) => updateProject(ctx, input)),
  implement(p.projectPublish, async (input, ctx) => publishProject(ctx, input.id)),
  implement(p.projectPause, async (input, ctx) => changeProjectStatus(ctx, input.id, 'pause')),
  implement(p.projectRestart, async (input, ctx) => changeProjectStatus(ctx, input.id, 'restart')),
  implement(p.projectComplete, async (input, ctx) => changeProjectStatus(ctx, input.id, 'complete')),
  implement(p.projectDelete, async (input, ctx) => changeProjectStatus(ctx, input.id, 'delete')),
  implement(p.projectRecovery, async (input, ctx) => changeProjectStatus(ctx, input.id, 'recovery')),
  implement(p.projectCopy, async (input, ctx) => copyProject(ctx, input)),
  implement(p.projectRecords, async (input, ctx) => {
    const project = await loadProject(ctx.db, ctx.session.siteId, input.project_id);
    const { list, total } = await projectRecords(ctx.db, project.id, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.projectAuditList, async (input, ctx) => {
    const { rows, total } = await listProjectsForAudit(ctx.db, input, ctx.lang);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.projectAudit, async (input, ctx) => auditProjectRelease(ctx, input)),
];
