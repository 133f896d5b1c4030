import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { useLocation } from 'react-router';

type Page = LazyExoticComponent<ComponentType>;

/** Loads one named page of a module chunk (each module folder's index.ts is one chunk). */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): Page {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const groups = () => import('../modules/groups/pages.ts');
const examTaking = () => import('../modules/exam-taking/pages.ts');
const exams = () => import('../modules/exams/pages.ts');
const members = () => import('../modules/members/pages.ts');
const dashboards = () => import('../modules/dashboards/pages.ts');
const projects = () => import('../modules/projects/pages.ts');
const annotationTemplates = () => import('../modules/annotation-templates/pages.ts');
const jobs = () => import('../modules/jobs/pages.ts');
const jobStats = () => import('../modules/job-stats/pages.ts');
const productionDicts = () => import('../modules/production-dicts/pages.ts');
const packs = () => import('../modules/packs/pages.ts');
const roles = () => import('../modules/roles/pages.ts');
const sites = () => import('../modules/sites/pages.ts');
const systemAdmin = () => import('../modules/system-admin/pages.ts');
const platformUsers = () => import('../modules/platform-users/pages.ts');
const teachers = () => import('../modules/teachers/pages.ts');
const questionBank = () => import('../modules/question-bank/pages.ts');
const questionTransfer = () => import('../modules/question-transfer/pages.ts');
const questionReports = () => import('../modules/question-reports/pages.ts');
const practiceSets = () => import('../modules/practice-sets/pages.ts');
const cdkeys = () => import('../modules/cdkeys/pages.ts');
const certificates = () => import('../modules/certificates/pages.ts');
const practice = () => import('../modules/practice/pages.ts');
const learnerHome = () => import('../modules/learner-home/pages.ts');
const knowledgeMaps = () => import('../modules/knowledge-maps/pages.ts');
const dataDeployment = () => import('../modules/data-deployment/pages.ts');
const courses = () => import('../modules/courses/pages.ts');
const teachingSources = () => import('../modules/teaching-sources/pages.ts');
const interactions = () => import('../modules/interactions/pages.ts');
const liveRooms = () => import('../modules/live-rooms/pages.ts');
const invigilation = () => import('../modules/invigilation/pages.ts');

/** One route, two pages: `withParam` when the address carries the search parameter, else `without`. */
function byParam(name: string, withParam: Page, without: Page): ComponentType {
  return function PageByParam() {
    const Chosen = new URLSearchParams(useLocation().search).has(name) ? withParam : without;
    return createElement(Chosen);
  };
}

/** Pages of the shell by route name; must match PAGES_IN_CLIENT of packages/contracts (a test checks). */
export const PAGES: Record<string, Page | ComponentType> = {
  'trainingcamp-myexam': page(examTaking, 'MyExamPage'),
  'trainingcamp-myexamRecord': page(examTaking, 'MyExamRecordPage'),
  'trainingcamp-pre-exam': page(examTaking, 'PreExamPage'),
  'examine-trainingcamp-exam-detail': page(examTaking, 'ExamDetailPage'),
  'trainingcamp-examlist': page(exams, 'ExamListPage'),
  'trainingcamp-materialCreate': page(exams, 'ExamWizardPage'),
  'trainingcamp-teacher-exam-detail': page(exams, 'TeacherExamDetailPage'),
  'trainingcamp-paperAnalysis': page(exams, 'PaperAnalysisPage'),
  home_manager: page(members, 'SiteHomePage'),
  'user-mylist': page(members, 'MemberListPage'),
  'user-mygroups': page(groups, 'ClassesPage'),
  'manager-user-detail': page(members, 'MemberDetailPage'),
  mysite: page(sites, 'MySitePage'),
  home_platform: page(dashboards, 'PlatformHomePage'),
  'user-list': page(platformUsers, 'UserListPage'),
  'user-detail': page(platformUsers, 'UserDetailPage'),
  'system-ws-stat': page(platformUsers, 'OnlineUsersPage'),
  'system-role': page(roles, 'RoleListPage'),
  'system-role-edit': page(roles, 'RoleEditPage'),
  'system-group': page(roles, 'GroupListPage'),
  'system-permission': page(roles, 'PermissionListPage'),
  'system-menu': page(roles, 'MenuListPage'),
  'system-setting': page(systemAdmin, 'SystemSettingPage'),
  system: page(systemAdmin, 'SystemLogsPage'),
  'system-user-stat': page(systemAdmin, 'UserStatPage'),
  site: page(sites, 'SiteListPage'),
  'site-detail': page(sites, 'SiteDetailPage'),
  'site-invitation': page(sites, 'SiteInvitationPage'),
  lecturer: page(teachers, 'LecturerPage'),
  'manager-lecturer': page(teachers, 'ManagerLecturerPage'),
  'production-template': page(annotationTemplates, 'TemplateListPage'),
  'production-dict': page(productionDicts, 'DictListPage'),
  'production-packs': page(packs, 'PackListPage'),
  'system-template-category': page(annotationTemplates, 'CategoryListPage'),
  'production-project': page(projects, 'ProjectListPage'),
  'production-project-create': page(projects, 'ProjectWizardPage'),
  'production-project-detail': page(projects, 'ProjectDetailPage'),
  'system-project-audit': page(projects, 'ProjectAuditPage'),
  'system-data-deployment': page(dataDeployment, 'DataDeploymentPage'),
  'production-task': page(jobs, 'TaskCenterPage'),
  'production-task-task-detail': page(jobs, 'TaskDetailPage'),
  'production-task-execute': page(jobs, 'JobFramePage'),
  'course-teacher-list': page(courses, 'CourseListPage'),
  'course-category': page(courses, 'CourseCategoryPage'),
  'teacher-course-detail': page(courses, 'CourseEditorPage'),
  'trainingcamp-trainstat': page(courses, 'CourseMatrixPage'),
  'course-user-detail': page(courses, 'CourseStudentDetailPage'),
  'trainingcamp-group-course-analysis': page(courses, 'CourseClassComparisonPage'),
  'trainingcamp-groupAnalysis': page(courses, 'CourseClassesOfCoursePage'),
  'teacher-course-analysisStudents': page(courses, 'CourseRankingPage'),
  'course-task-exam': page(courses, 'CourseExamWizardPage'),
  'course-task-randomExam': page(courses, 'CourseRandomExamWizardPage'),
  'course-task-exam-preview': page(courses, 'CourseExamPreviewPage'),
  // A course exam's paper analysis is the exam module's own page (`?id=<exam id>`).
  'course-analysis-paperAnalysis': page(exams, 'PaperAnalysisPage'),
  'trainingcamp-stuExamDetail': page(exams, 'StudentAttemptPage'),
  'course-student-list': page(courses, 'MyCoursesPage'),
  'course-trainingcamp-trainDetail': page(courses, 'CourseHomePage'),
  'trainingcamp-material-self-exam': page(courses, 'MaterialSelfTestPage'),
  'teaching-source': page(teachingSources, 'TeachingSourceListPage'),
  'course-dataset-data-detail': page(teachingSources, 'TeachingSourceDetailPage'),
  'production-stats': page(jobStats, 'TeamStatsPage'),
  'production-stat': page(jobStats, 'MyStatsPage'),
  home_content_production: page(jobStats, 'OperatorDashboardPage'),
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
  'self-data-category': page(questionBank, 'SelfDataCategoryPage'),
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
  // A practice session (`?id=`) or a live interaction (`?run_id=`): the spec gives both the same route.
  'course-interactExam': byParam('run_id', page(interactions, 'StudentRunPage'), page(practice, 'InteractExamPage')),
  'course-interact-add': page(interactions, 'InteractionEditorPage'),
  'teacher-course-interactExam': page(interactions, 'TeacherRunPage'),
  'course-interact-record': page(interactions, 'RunRecordsPage'),
  'course-interact-detail': page(interactions, 'RunDetailPage'),
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
  // A course's knowledge maps with the map editor (the same page in the teacher's and the manager's menu).
  'teacher-dataset-mapCreate': page(knowledgeMaps, 'CourseMapsPage'),
  'manager-dataset-mapCreate': page(knowledgeMaps, 'CourseMapsPage'),
  liveroom: page(liveRooms, 'MyLiveRoomsPage'),
  'liveroom-manager': page(liveRooms, 'LiveRoomManagerPage'),
  'liveroom-invigilation-management': page(invigilation, 'InvigilationPage'),
};
