import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/** Loads one named page of a module chunk (each module folder's index.ts is one chunk). */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): Page {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const classes = () => import('../modules/classes/index.ts');
const examStudent = () => import('../modules/exam-student/index.ts');
const examTeacher = () => import('../modules/exam-teacher/index.ts');
const mySite = () => import('../modules/my-site/index.ts');
const organisation = () => import('../modules/organisation/index.ts');
const platform = () => import('../modules/platform/index.ts');
const production = () => import('../modules/production/index.ts');
const annotationTemplates = () => import('../modules/annotation-templates/index.ts');
const productionTasks = () => import('../modules/production-tasks/index.ts');
const productionStats = () => import('../modules/production-stats/index.ts');
const productionDicts = () => import('../modules/production-dicts/index.ts');
const packs = () => import('../modules/packs/index.ts');
const platformAccess = () => import('../modules/platform-access/index.ts');
const platformSites = () => import('../modules/platform-sites/index.ts');
const platformSystem = () => import('../modules/platform-system/index.ts');
const platformUsers = () => import('../modules/platform-users/index.ts');
const teachers = () => import('../modules/teachers/index.ts');
const questionBank = () => import('../modules/question-bank/index.ts');
const questionTransfer = () => import('../modules/question-transfer/index.ts');
const questionReports = () => import('../modules/question-reports/index.ts');
const practiceSets = () => import('../modules/practice-sets/index.ts');
const cdkeys = () => import('../modules/cdkeys/index.ts');
const certificates = () => import('../modules/certificates/index.ts');
const practice = () => import('../modules/practice/index.ts');
const learnerHome = () => import('../modules/learner-home/index.ts');
const knowledgeMaps = () => import('../modules/knowledge-maps/index.ts');
const dataDeployment = () => import('../modules/data-deployment/index.ts');

/** Pages of the shell by route name; must match PAGES_IN_CLIENT of packages/contracts (a test checks). */
export const PAGES: Record<string, Page> = {
  'trainingcamp-myexam': page(examStudent, 'MyExamPage'),
  'trainingcamp-myexamRecord': page(examStudent, 'MyExamRecordPage'),
  'trainingcamp-pre-exam': page(examStudent, 'PreExamPage'),
  'examine-trainingcamp-exam-detail': page(examStudent, 'ExamDetailPage'),
  'trainingcamp-examlist': page(examTeacher, 'ExamListPage'),
  'trainingcamp-materialCreate': page(examTeacher, 'ExamWizardPage'),
  'trainingcamp-teacher-exam-detail': page(examTeacher, 'TeacherExamDetailPage'),
  'trainingcamp-paperAnalysis': page(examTeacher, 'PaperAnalysisPage'),
  home_manager: page(organisation, 'SiteHomePage'),
  'user-mylist': page(organisation, 'MemberListPage'),
  'user-mygroups': page(classes, 'ClassesPage'),
  'manager-user-detail': page(organisation, 'MemberDetailPage'),
  mysite: page(mySite, 'MySitePage'),
  home_platform: page(platform, 'PlatformHomePage'),
  'user-list': page(platformUsers, 'UserListPage'),
  'user-detail': page(platformUsers, 'UserDetailPage'),
  'system-ws-stat': page(platform, 'OnlineUsersPage'),
  'system-role': page(platformAccess, 'RoleListPage'),
  'system-role-edit': page(platformAccess, 'RoleEditPage'),
  'system-group': page(platformAccess, 'GroupListPage'),
  'system-permission': page(platformAccess, 'PermissionListPage'),
  'system-menu': page(platformAccess, 'MenuListPage'),
  'system-setting': page(platformSystem, 'SystemSettingPage'),
  system: page(platformSystem, 'SystemLogsPage'),
  'system-user-stat': page(platformSystem, 'UserStatPage'),
  site: page(platformSites, 'SiteListPage'),
  'site-detail': page(platformSites, 'SiteDetailPage'),
  'site-invitation': page(platformSites, 'SiteInvitationPage'),
  lecturer: page(teachers, 'LecturerPage'),
  'manager-lecturer': page(teachers, 'ManagerLecturerPage'),
  'production-template': page(annotationTemplates, 'TemplateListPage'),
  'production-dict': page(productionDicts, 'DictListPage'),
  'production-packs': page(packs, 'PackListPage'),
  'system-template-category': page(annotationTemplates, 'CategoryListPage'),
  'production-project': page(production, 'ProjectListPage'),
  'production-project-create': page(production, 'ProjectWizardPage'),
  'production-project-detail': page(production, 'ProjectDetailPage'),
  'system-project-audit': page(production, 'ProjectAuditPage'),
  'system-data-deployment': page(dataDeployment, 'DataDeploymentPage'),
  'production-task': page(productionTasks, 'TaskCenterPage'),
  'production-task-task-detail': page(productionTasks, 'TaskDetailPage'),
  'production-task-execute': page(productionTasks, 'JobFramePage'),
  'production-stats': page(productionStats, 'TeamStatsPage'),
  'production-stat': page(productionStats, 'MyStatsPage'),
  home_content_production: page(productionStats, 'OperatorDashboardPage'),
  'dataset-category': page(questionBank, 'CategoryPage'),
  'dataset-category-detail': page(questionBank, 'CategoryDetailPage'),
  'dataset-category-verify': page(questionBank, 'CategoryVerifyPage'),
  'dataset-category-data-verify': page(questionBank, 'DataVerifyPage'),
  'dataset-data': page(questionBank, 'QuestionListPage'),
  'dataset-data-detail': page(questionBank, 'QuestionDetailPage'),
  'dataset-edit-data': page(questionBank, 'QuestionEditorPage'),
  'dataset-datarecords': page(questionBank, 'RecordsPage'),
  'dataset-data-search-record': page(questionBank, 'SearchRecordsPage'),
  'dataset-similar': page(questionBank, 'SimilarPage'),
  'dataset-private-data': page(questionBank, 'PrivateDataPage'),
  'dataset-import-category-data': page(questionTransfer, 'ImportQuestionsPage'),
  home_content_manager: page(questionReports, 'ContentManagerHomePage'),
  'dataset-datacorrection': page(questionReports, 'DataCorrectionPage'),
  'trainingcamp-mygroup-create': page(practiceSets, 'PracticeSetsPage'),
  'manager-trainingcamp-mygroup-create': page(practiceSets, 'PracticeSetsPage'),
  'cdkey-mycdkey': page(cdkeys, 'MyCdkeyPage'),
  'cdkey-list': page(cdkeys, 'CdkeyManagePage'),
  'trainingcamp-certmanage': page(certificates, 'CertManagePage'),
  'trainingcamp-mycerts': page(certificates, 'MyCertsPage'),
  'manager-trainingcamp-mycerts': page(certificates, 'ManagerCertsPage'),
  'certuser-list': page(certificates, 'CertUserListPage'),
  'certcode-list': page(certificates, 'CertCodeListPage'),
  'certcode-dispense-list': page(certificates, 'CertDispenseListPage'),
  'trainingcamp-train': page(practice, 'TrainPage'),
  'course-interactExam': page(practice, 'InteractExamPage'),
  'trainingcamp-train-result': page(practice, 'TrainResultPage'),
  'trainingcamp-train-report': page(practice, 'TrainReportPage'),
  'trainingcamp-mywrong': page(practice, 'MyWrongPage'),
  'trainingcamp-mycollect': page(practice, 'MyCollectPage'),
  'trainingcamp-selfexamrecord': page(practice, 'SelfExamRecordPage'),
  'trainingcamp-myteststat': page(practice, 'MyTestStatPage'),
  'trainingcamp-category-portrait': page(practice, 'CategoryPortraitPage'),
  home_student: page(learnerHome, 'StudentHomePage'),
  'trainingcamp-mytrain': page(learnerHome, 'MyTrainPage'),
  'trainingcamp-trainDetail': page(learnerHome, 'TrainDetailPage'),
  'dataset-feedback': page(questionReports, 'FeedbackPage'),
  'dataset-errorpronelist': page(questionReports, 'ErrorProneListPage'),
  'trainingcamp-mycorrection': page(questionReports, 'MyReportsPage'),
  'dataset-map': page(knowledgeMaps, 'MapListPage'),
  'dataset-map-detail': page(knowledgeMaps, 'MapDetailPage'),
  'dataset-node': page(knowledgeMaps, 'NodeListPage'),
  'dataset-label': page(knowledgeMaps, 'LabelListPage'),
  'dataset-label-detail': page(knowledgeMaps, 'LabelDetailPage'),
  'dataset-mapCreate': page(knowledgeMaps, 'MapCreatePage'),
};
