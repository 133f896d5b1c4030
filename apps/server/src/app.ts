import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROCEDURE_CATALOGUE } from '@app/contracts';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { trustedProxies } from './config.ts';
import { templateImplementations } from './modules/annotation-templates/index.ts';
import { audienceImplementations } from './modules/audiences/index.ts';
import { authImplementations } from './modules/auth/index.ts';
import { cdkeyImplementations } from './modules/cdkeys/index.ts';
import { certificateImplementations } from './modules/certificates/index.ts';
import {
  courseAnalysisImplementations,
  courseCategoryImplementations,
  courseContentImplementations,
  courseImplementations,
  courseLearningImplementations,
  courseReportImplementations,
  registerCourseMaterialRoute,
} from './modules/courses/index.ts';
import { dashboardImplementations } from './modules/dashboards/index.ts';
import { DATA_DEPLOYMENT_QUEUE_JOBS, dataDeploymentImplementations } from './modules/data-deployment/index.ts';
import {
  attemptActionImplementations,
  examMarkingImplementations,
  examTakingImplementations,
  registerAnswerFileRoute,
  sweepExamDeadlines,
} from './modules/exam-taking/index.ts';
import { examImplementations } from './modules/exams/index.ts';
import { EXPERIMENT_QUEUE_JOBS, experimentImplementations } from './modules/experiments/index.ts';
import { groupImplementations } from './modules/groups/index.ts';
import { iamImplementations } from './modules/iam/index.ts';
import { interactionImplementations } from './modules/interactions/index.ts';
import { invigilationImplementations } from './modules/invigilation/index.ts';
import { invitationImplementations } from './modules/invitations/index.ts';
import { jobAdminImplementations } from './modules/job-admin/index.ts';
import { jobStatImplementations } from './modules/job-stats/index.ts';
import { jobImplementations, sweepJobs } from './modules/jobs/index.ts';
import { knowledgeMapImplementations } from './modules/knowledge-maps/index.ts';
import { learnerHomeImplementations } from './modules/learner-home/index.ts';
import {
  LIVE_ROOM_QUEUE_JOBS,
  liveRoomImplementations,
  registerJanusEventsRoute,
  SILENT_STAY_SWEEP_MS,
  sweepSilentStays,
} from './modules/live-rooms/index.ts';
import { mediaFramesImplementations, registerVideoPlayRoute } from './modules/media-frames/index.ts';
import { mediaWaveformImplementations } from './modules/media-waveform/index.ts';
import { memberImplementations } from './modules/members/index.ts';
import { messageImplementations } from './modules/messages/index.ts';
import { myInfoImplementations } from './modules/my-info/index.ts';
import { PACK_QUEUE_JOBS, packImplementations, registerPackRoutes } from './modules/packs/index.ts';
import { platformUserImplementations } from './modules/platform-users/index.ts';
import { practiceImplementations } from './modules/practice/index.ts';
import { practiceSetImplementations } from './modules/practice-sets/index.ts';
import { productionDictImplementations } from './modules/production-dicts/index.ts';
import { projectDataImplementations, registerDataFileRoutes } from './modules/project-data/index.ts';
import { projectImplementations, projectSetupImplementations } from './modules/projects/index.ts';
import {
  questionCategoryImplementations,
  questionImplementations,
  registerQuestionImageRoute,
  selfDataImplementations,
} from './modules/question-bank/index.ts';
import { questionReportImplementations } from './modules/question-reports/index.ts';
import { questionTransferImplementations } from './modules/question-transfer/index.ts';
import { registrationImplementations } from './modules/registration/index.ts';
import { roleImplementations } from './modules/roles/index.ts';
import { settingImplementations } from './modules/settings/index.ts';
import { siteImplementations } from './modules/sites/index.ts';
import { systemImplementations } from './modules/system/index.ts';
import { systemAdminImplementations } from './modules/system-admin/index.ts';
import { teacherImplementations } from './modules/teachers/index.ts';
import {
  registerTeachingSourceFileRoute,
  SOURCE_UPLOAD_SWEEP_MS,
  sweepSourceUploads,
  TEACHING_SOURCE_QUEUE_JOBS,
  teachingSourceImplementations,
} from './modules/teaching-sources/index.ts';
import { todoImplementations } from './modules/todo/index.ts';
import { registerApiDocs } from './platform/api-docs.ts';
import type { AppDeps } from './platform/context.ts';
import { installErrorHandler, installJsonParser } from './platform/error-handler.ts';
import { registerHealthRoutes } from './platform/health.ts';
import { runEvery } from './platform/interval-sweeper.ts';
import { registerMetrics } from './platform/metrics.ts';
import { buildOpenApi } from './platform/openapi.ts';
import { type CallerAwareRequest, checkCoverage, type Implementation, mountProcedures } from './platform/procedures.ts';
import { registerQueue } from './platform/queue.ts';
import { registerRealtimeRoute } from './platform/realtime-route.ts';
import { installSecurityHeaders, socketSource } from './platform/security-headers.ts';
import { registerFilesRoute } from './platform/stored-file-route.ts';
import { registerWebClient } from './platform/web-client.ts';

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
  ...selfDataImplementations,
  ...questionImplementations,
  ...questionTransferImplementations,
  ...cdkeyImplementations,
  ...packImplementations,
  ...examTakingImplementations,
  ...examImplementations,
  ...attemptActionImplementations,
  ...examMarkingImplementations,
  ...audienceImplementations,
  ...certificateImplementations,
  ...courseCategoryImplementations,
  ...courseImplementations,
  ...courseContentImplementations,
  ...courseLearningImplementations,
  ...courseAnalysisImplementations,
  ...courseReportImplementations,
  ...teachingSourceImplementations,
  ...interactionImplementations,
  ...liveRoomImplementations,
  ...experimentImplementations,
  ...invigilationImplementations,
];

/** How long a request may take before it is logged as a warning. */
const SLOW_REQUEST_MS = 3000;
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Answers of API routes and files whose type compresses (text, JSON, JavaScript, SVG, XML) from 1 KB on. Media,
 * images, archives and unknown binary (`octet-stream`) are sent as they are (mime-db calls them incompressible);
 * partial answers (206) are never compressed, and request bodies are not decompressed.
 */
const COMPRESSION: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  customTypes: /^text\/(?!event-stream)|[+/](json|xml|javascript)(;|$)|^application\/x-ndjson/,
  globalDecompression: false,
};

/**
 * Builds the HTTP server: plugins, error handling, health and metrics, every procedure, the websocket, the web
 * client (from `options.webDist`, by default the built `apps/web/dist`).
 */
export async function buildApp(deps: AppDeps, options: { webDist?: string } = {}): Promise<FastifyInstance> {
  checkCoverage(PROCEDURE_CATALOGUE, IMPLEMENTATIONS);
  const app = Fastify({
    loggerInstance: deps.log,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustedProxies(deps.config),
    bodyLimit: 1024 * 1024,
    requestTimeout: 1_800_000,
  });
  // Live-room pages talk to the media server's websocket (JANUS_PUBLIC_URL).
  installSecurityHeaders(app, [socketSource(deps.config.JANUS_PUBLIC_URL)]);
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms };
    // A call slower than SLOW_REQUEST_MS is a warning, so it shows at LOG_LEVEL=warn too (a hung page's cause); a
    // websocket's request lasts as long as its connection.
    if (ms >= SLOW_REQUEST_MS && !request.ws)
      request.log.warn({ ...line, ...(request as CallerAwareRequest).caller }, 'slow request');
    else request.log.info({ ...line, ...(request as CallerAwareRequest).caller }, 'request');
  });
  await app.register(fastifyCompress, COMPRESSION);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  installJsonParser(app);
  installErrorHandler(app, deps);
  registerHealthRoutes(app, deps);
  registerMetrics(app, deps);
  mountProcedures(app, deps, IMPLEMENTATIONS);
  const openApi = buildOpenApi();
  app.get('/api/openapi.json', async () => openApi);
  registerApiDocs(app, deps);
  registerRealtimeRoute(app, deps);
  runEvery(app, deps, 'job sweep', deps.config.JOB_SWEEP_MS, sweepJobs);
  runEvery(app, deps, 'exam deadline sweep', deps.config.EXAM_SWEEP_MS, sweepExamDeadlines);
  runEvery(app, deps, 'source upload sweep', SOURCE_UPLOAD_SWEEP_MS, sweepSourceUploads);
  runEvery(app, deps, 'silent live-room stay sweep', SILENT_STAY_SWEEP_MS, sweepSilentStays);
  registerFilesRoute(app, deps.storage);
  registerDataFileRoutes(app, deps);
  registerVideoPlayRoute(app, deps);
  registerCourseMaterialRoute(app, deps);
  registerTeachingSourceFileRoute(app, deps);
  registerQuestionImageRoute(app, deps);
  registerAnswerFileRoute(app, deps);
  registerJanusEventsRoute(app, deps);
  registerQueue(app, deps, [
    ...PACK_QUEUE_JOBS,
    ...DATA_DEPLOYMENT_QUEUE_JOBS,
    ...TEACHING_SOURCE_QUEUE_JOBS,
    ...LIVE_ROOM_QUEUE_JOBS,
    ...EXPERIMENT_QUEUE_JOBS,
  ]);
  registerPackRoutes(app, deps);
  await registerWebClient(app, options.webDist ?? webDist);
  return app;
}
