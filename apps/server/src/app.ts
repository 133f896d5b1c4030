import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROCEDURE_CATALOGUE } from '@app/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { trustedProxies } from './config.ts';
import { templateImplementations } from './modules/annotation-templates/templates.procedures.ts';
import { audienceImplementations } from './modules/audiences/audiences.procedures.ts';
import { authImplementations } from './modules/auth/auth.procedures.ts';
import { cdkeyImplementations } from './modules/cdkeys/cdkeys.procedures.ts';
import { certificateImplementations } from './modules/certificates/certificates.procedures.ts';
import { dashboardImplementations } from './modules/dashboards/dashboards.procedures.ts';
import {
  DATA_DEPLOYMENT_QUEUE_JOBS,
  dataDeploymentImplementations,
} from './modules/data-deployment/data-deployment.procedures.ts';
import { examTakingImplementations } from './modules/exam-taking/exam-taking.procedures.ts';
import { sweepExamDeadlines } from './modules/exam-taking/sweep-exam-deadlines.ts';
import { examImplementations } from './modules/exams/exams.procedures.ts';
import { groupImplementations } from './modules/groups/groups.procedures.ts';
import { iamImplementations } from './modules/iam/iam.procedures.ts';
import { invitationImplementations } from './modules/invitations/invitations.procedures.ts';
import { jobAdminImplementations } from './modules/job-admin/job-admin.procedures.ts';
import { jobStatImplementations } from './modules/job-stats/job-stats.procedures.ts';
import { jobImplementations } from './modules/jobs/jobs.procedures.ts';
import { sweepJobs } from './modules/jobs/sweep-jobs.ts';
import { knowledgeMapImplementations } from './modules/knowledge-maps/knowledge-maps.procedures.ts';
import { learnerHomeImplementations } from './modules/learner-home/learner-home.procedures.ts';
import { mediaFramesImplementations } from './modules/media-frames/media-frames.procedures.ts';
import { registerVideoPlayRoute } from './modules/media-frames/video-play.route.ts';
import { mediaWaveformImplementations } from './modules/media-waveform/media-waveform.procedures.ts';
import { memberImplementations } from './modules/members/members.procedures.ts';
import { messageImplementations } from './modules/messages/messages.procedures.ts';
import { myInfoImplementations } from './modules/my-info/my-info.procedures.ts';
import { PACK_QUEUE_JOBS, packImplementations, registerPackRoutes } from './modules/packs/packs.procedures.ts';
import { platformUserImplementations } from './modules/platform-users/platform-users.procedures.ts';
import { practiceImplementations } from './modules/practice/practice.procedures.ts';
import { practiceSetImplementations } from './modules/practice-sets/practice-sets.procedures.ts';
import { productionDictImplementations } from './modules/production-dicts/production-dicts.procedures.ts';
import { registerDataFileRoutes } from './modules/project-data/data-file.route.ts';
import { projectDataImplementations } from './modules/project-data/project-data.procedures.ts';
import { projectSetupImplementations } from './modules/projects/project-setup.procedures.ts';
import { projectImplementations } from './modules/projects/projects.procedures.ts';
import {
  questionCategoryImplementations,
  questionImplementations,
} from './modules/question-bank/question-bank.procedures.ts';
import { registerQuestionImageRoute } from './modules/question-bank/question-image.route.ts';
import { questionReportImplementations } from './modules/question-reports/question-reports.procedures.ts';
import { questionTransferImplementations } from './modules/question-transfer/question-transfer.procedures.ts';
import { registrationImplementations } from './modules/registration/registration.procedures.ts';
import { roleImplementations } from './modules/roles/roles.procedures.ts';
import { settingImplementations } from './modules/settings/settings.procedures.ts';
import { siteImplementations } from './modules/sites/sites.procedures.ts';
import { systemImplementations } from './modules/system/system.procedures.ts';
import { systemAdminImplementations } from './modules/system-admin/system-admin.procedures.ts';
import { teacherImplementations } from './modules/teachers/teachers.procedures.ts';
import { todoImplementations } from './modules/todo/todo.procedures.ts';
import type { AppDeps } from './platform/context.ts';
import { installErrorHandler, installJsonParser } from './platform/error-handler.ts';
import { runEvery } from './platform/interval-sweeper.ts';
import { buildOpenApi } from './platform/openapi.ts';
import { type CallerAwareRequest, checkCoverage, type Implementation, mountProcedures } from './platform/procedures.ts';
import { registerQueue } from './platform/queue.ts';
import { registerRealtimeRoute } from './platform/realtime-route.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { registerFilesRoute } from './platform/storage.ts';

/** Every module's handlers; the registry checks them against the contract catalogue. */
export const IMPLEMENTATIONS: readonly Implementation[] = [
  ...authImplementations,
  ...iamImplementations,
  ...myInfoImplementations,
  ...systemImplementations,
  ...todoImplementations,
  ...memberImplementations,
  ...dashboardImplementations,
  ...registrationImplementations,
  ...roleImplementations,
  ...siteImplementations,
  ...settingImplementations,
  ...systemAdminImplementations,
  ...dataDeploymentImplementations,
  ...invitationImplementations,
  ...groupImplementations,
  ...teacherImplementations,
  ...templateImplementations,
  ...productionDictImplementations,
  ...practiceSetImplementations,
  ...practiceImplementations,
  ...learnerHomeImplementations,
  ...platformUserImplementations,
  ...projectDataImplementations,
  ...mediaWaveformImplementations,
  ...mediaFramesImplementations,
  ...projectImplementations,
  ...projectSetupImplementations,
  ...jobStatImplementations,
  ...messageImplementations,
  ...jobImplementations,
  ...jobAdminImplementations,
  ...questionReportImplementations,
  ...knowledgeMapImplementations,
  ...questionCategoryImplementations,
  ...questionImplementations,
  ...questionTransferImplementations,
  ...cdkeyImplementations,
  ...packImplementations,
  ...examTakingImplementations,
  ...examImplementations,
  ...audienceImplementations,
  ...certificateImplementations,
];

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the HTTP server: plugins, error handling, every procedure, the websocket, the web client. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  checkCoverage(PROCEDURE_CATALOGUE, IMPLEMENTATIONS);
  const app = Fastify({
    loggerInstance: deps.log,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustedProxies(deps.config),
    bodyLimit: 1024 * 1024,
    requestTimeout: 1_800_000,
  });
  installSecurityHeaders(app);
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ...(request as CallerAwareRequest).caller,
      },
      'request',
    );
  });
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  installJsonParser(app);
  installErrorHandler(app, deps.config);
  mountProcedures(app, deps, IMPLEMENTATIONS);
  const openApi = buildOpenApi();
  app.get('/api/openapi.json', async () => openApi);
  registerRealtimeRoute(app, deps);
  runEvery(app, deps, 'job sweep', deps.config.JOB_SWEEP_MS, sweepJobs);
  runEvery(app, deps, 'exam deadline sweep', deps.config.EXAM_SWEEP_MS, sweepExamDeadlines);
  registerFilesRoute(app, deps.storage);
  registerDataFileRoutes(app, deps);
  registerVideoPlayRoute(app, deps);
  registerQuestionImageRoute(app, deps);
  registerQueue(app, deps, [...PACK_QUEUE_JOBS, ...DATA_DEPLOYMENT_QUEUE_JOBS]);
  registerPackRoutes(app, deps);
  if (existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false });
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return reply.sendFile('index.html');
    });
  }
  return app;
}
