import type { Procedure } from '../procedure.ts';
import { annotationTemplateProcedures } from './annotation-templates.ts';
import { audienceProcedures } from './audiences.ts';
import { authProcedures } from './auth.ts';
import { cdkeyProcedures } from './cdkeys.ts';
import { certificateProcedures } from './certificates.ts';
import { courseProcedures } from './courses.ts';
import { courseAnalysisProcedures } from './courses-analysis.ts';
import { courseCategoryProcedures } from './courses-categories.ts';
import { courseContentProcedures } from './courses-content.ts';
import { courseLearningProcedures } from './courses-learning.ts';
import { courseReportProcedures } from './courses-reports.ts';
import { dashboardProcedures } from './dashboards.ts';
import { dataDeploymentProcedures } from './data-deployment.ts';
import { examMarkingProcedures } from './exam-marking.ts';
import { examTakingProcedures } from './exam-taking.ts';
import { examProcedures } from './exams.ts';
import { experimentProcedures } from './experiments.ts';
import { classGroupProcedures } from './groups.ts';
import { iamProcedures } from './iam.ts';
import { interactionProcedures } from './interactions.ts';
import { invigilationProcedures } from './invigilation.ts';
import { invitationProcedures } from './invitations.ts';
import { jobAdminProcedures } from './job-admin.ts';
import { jobStatProcedures } from './job-stats.ts';
import { jobProcedures } from './jobs.ts';
import { knowledgeMapProcedures } from './knowledge-maps.ts';
import { learnerHomeProcedures } from './learner-home.ts';
import { liveRoomProcedures } from './live-rooms.ts';
import { mediaFramesProcedures } from './media-frames.ts';
import { mediaWaveformProcedures } from './media-waveform.ts';
import { memberProcedures } from './members.ts';
import { messageProcedures } from './messages.ts';
import { myInfoProcedures } from './my-info.ts';
import { packProcedures } from './packs.ts';
import { platformUserProcedures } from './platform-users.ts';
import { practiceProcedures } from './practice.ts';
import { practiceSetProcedures } from './practice-sets.ts';
import { productionDictProcedures } from './production-dicts.ts';
import { projectDataProcedures } from './project-data.ts';
import { projectDataFileProcedures } from './project-data-files.ts';
import { projectProcedures } from './projects.ts';
import { projectSetupProcedures } from './projects-setup.ts';
import { questionBankProcedures } from './question-bank.ts';
import { questionBankCategoryProcedures } from './question-bank-categories.ts';
import { questionReportProcedures } from './question-reports.ts';
import { questionTransferProcedures } from './question-transfer.ts';
import { registrationProcedures } from './registration.ts';
import { roleProcedures } from './roles.ts';
import { selfDataProcedures } from './self-data.ts';
import { settingProcedures } from './settings.ts';
import { siteProcedures } from './sites.ts';
import { systemProcedures } from './system.ts';
import { systemAdminProcedures } from './system-admin.ts';
import { teacherProcedures } from './teachers.ts';
import { teachingSourceProcedures } from './teaching-sources.ts';
import { todoProcedures } from './todo.ts';

export * from './annotation-templates.ts';
export * from './audiences.ts';
export * from './auth.ts';
export * from './cdkeys.ts';
export * from './certificates.ts';
export * from './courses.ts';
export * from './courses-analysis.ts';
export * from './courses-categories.ts';
export * from './courses-content.ts';
export * from './courses-learning.ts';
export * from './courses-reports.ts';
export * from './courses-self-test.ts';
export * from './dashboards.ts';
export * from './data-deployment.ts';
export * from './exam-marking.ts';
export * from './exam-taking.ts';
export * from './exams.ts';
export * from './experiments.ts';
export * from './groups.ts';
export * from './iam.ts';
export * from './iam-session-user.ts';
export * from './interactions.ts';
export * from './invigilation.ts';
export * from './invitations.ts';
export * from './job-admin.ts';
export * from './job-stats.ts';
export * from './jobs.ts';
export * from './knowledge-maps.ts';
export * from './learner-home.ts';
export * from './live-rooms.ts';
export * from './media-frames.ts';
export * from './media-waveform.ts';
export * from './members.ts';
export * from './messages.ts';
export * from './my-info.ts';
export * from './packs.ts';
export * from './platform-users.ts';
export * from './practice.ts';
export * from './practice-sets.ts';
export * from './production-dicts.ts';
export * from './project-data.ts';
export * from './project-data-files.ts';
export * from './projects.ts';
export * from './projects-setup.ts';
export * from './question-bank.ts';
export * from './question-bank-categories.ts';
export * from './question-reports.ts';
export * from './question-transfer.ts';
export * from './registration.ts';
export * from './roles.ts';
export * from './self-data.ts';
export * from './settings.ts';
export * from './sites.ts';
export * from './system.ts';
export * from './system-admin.ts';
export * from './teachers.ts';
export * from './teaching-sources.ts';
export * from './todo.ts';

/** Every procedure of the contract. The server mounts exactly these; tests and OpenAPI walk them. */
export const PROCEDURE_CATALOGUE: readonly Procedure[] = [
  ...Object.values(authProcedures),
  ...Object.values(iamProcedures),
  ...Object.values(myInfoProcedures),
  ...Object.values(systemProcedures),
  ...Object.values(todoProcedures),
  ...Object.values(memberProcedures),
  ...Object.values(dashboardProcedures),
  ...Object.values(registrationProcedures),
  ...Object.values(roleProcedures),
  ...Object.values(siteProcedures),
  ...Object.values(settingProcedures),
  ...Object.values(systemAdminProcedures),
  ...Object.values(dataDeploymentProcedures),
  ...Object.values(invitationProcedures),
  ...Object.values(classGroupProcedures),
  ...Object.values(teacherProcedures),
  ...Object.values(annotationTemplateProcedures),
  ...Object.values(productionDictProcedures),
  ...Object.values(jobProcedures),
  ...Object.values(jobAdminProcedures),
  ...Object.values(packProcedures),
  ...Object.values(jobStatProcedures),
  ...Object.values(messageProcedures),
  ...Object.values(platformUserProcedures),
  ...Object.values(projectDataProcedures),
  ...Object.values(mediaWaveformProcedures),
  ...Object.values(mediaFramesProcedures),
  ...Object.values(projectDataFileProcedures),
  ...Object.values(projectProcedures),
  ...Object.values(projectSetupProcedures),
  ...Object.values(knowledgeMapProcedures),
  ...Object.values(questionReportProcedures),
  ...Object.values(questionBankCategoryProcedures),
  ...Object.values(questionBankProcedures),
  ...Object.values(selfDataProcedures),
  ...Object.values(questionTransferProcedures),
  ...Object.values(cdkeyProcedures),
  ...Object.values(certificateProcedures),
  ...Object.values(practiceSetProcedures),
  ...Object.values(practiceProcedures),
  ...Object.values(learnerHomeProcedures),
  ...Object.values(examTakingProcedures),
  ...Object.values(examMarkingProcedures),
  ...Object.values(examProcedures),
  ...Object.values(audienceProcedures),
  ...Object.values(courseCategoryProcedures),
  ...Object.values(courseProcedures),
  ...Object.values(courseContentProcedures),
  ...Object.values(courseLearningProcedures),
  ...Object.values(courseAnalysisProcedures),
  ...Object.values(courseReportProcedures),
  ...Object.values(teachingSourceProcedures),
  ...Object.values(interactionProcedures),
  ...Object.values(liveRoomProcedures),
  ...Object.values(invigilationProcedures),
  ...Object.values(experimentProcedures),
];

type Groups = typeof authProcedures &
  typeof iamProcedures &
  typeof myInfoProcedures &
  typeof systemProcedures &
  typeof todoProcedures &
  typeof memberProcedures &
  typeof dashboardProcedures &
  typeof registrationProcedures &
  typeof roleProcedures &
  typeof siteProcedures &
  typeof settingProcedures &
  typeof systemAdminProcedures &
  typeof dataDeploymentProcedures &
  typeof invitationProcedures &
  typeof classGroupProcedures &
  typeof teacherProcedures &
  typeof annotationTemplateProcedures &
  typeof productionDictProcedures &
  typeof jobProcedures &
  typeof jobAdminProcedures &
  typeof packProcedures &
  typeof jobStatProcedures &
  typeof messageProcedures &
  typeof platformUserProcedures &
  typeof projectDataProcedures &
  typeof mediaWaveformProcedures &
  typeof mediaFramesProcedures &
  typeof projectDataFileProcedures &
  typeof projectProcedures &
  typeof projectSetupProcedures &
  typeof questionBankCategoryProcedures &
  typeof questionBankProcedures &
  typeof selfDataProcedures &
  typeof questionTransferProcedures &
  typeof knowledgeMapProcedures &
  typeof questionReportProcedures &
  typeof cdkeyProcedures &
  typeof certificateProcedures &
  typeof practiceSetProcedures &
  typeof practiceProcedures &
  typeof learnerHomeProcedures &
  typeof examTakingProcedures &
  typeof examMarkingProcedures &
  typeof examProcedures &
  typeof audienceProcedures &
  typeof courseCategoryProcedures &
  typeof courseProcedures &
  typeof courseContentProcedures &
  typeof courseLearningProcedures &
  typeof courseAnalysisProcedures &
  typeof courseReportProcedures &
  typeof teachingSourceProcedures &
  typeof interactionProcedures &
  typeof liveRoomProcedures &
  typeof invigilationProcedures &
  typeof experimentProcedures;
type AnyProcedure = Groups[keyof Groups];

/** The path of every procedure: the web client names a procedure by it (`api('/user/detail', {})`). */
export type ProcedurePath = AnyProcedure['path'];
/** The procedure declared at a path, with its input and output types. */
export type ProcedureAt<P extends ProcedurePath> = Extract<AnyProcedure, { path: P }>;
