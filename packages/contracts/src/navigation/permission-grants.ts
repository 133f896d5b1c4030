import type { RoleKey } from './roles.ts';

/** Classes (teachers, managers) and team groups (managers, team administrators) share the /group keys. */
const GROUP_KEYS = [
  '/group/list',
  '/group/detail',
  '/group/form',
  '/group/create',
  '/group/update',
  '/group/delete',
  '/group/close',
  '/group/open',
  '/group/user-list',
  '/group/user-candidates',
  '/group/user-create',
  '/group/user-delete',
  '/group/user-update',
] as const;

/** Running a team: moving people between team groups, tags, the organisation's own settings, logos and reviews. */
const TEAM_KEYS = [
  '/group/transfer',
  '/user/tags',
  '/user/tag-create',
  '/user/tag-update',
  '/user/tag-delete',
  '/user/tag-set',
  '/site/my-settings',
  '/site/my-settings-update',
  '/site/my-logo',
  '/site/my-reviews',
  '/site/my-reviews-update',
] as const;

const PEOPLE_KEYS = [
  '/user/mylist',
  '/user/member-detail',
  '/user/member-roles',
  '/user/create',
  '/user/update',
  '/user/delete',
  '/user/reset-password',
  '/user/export-user-data',
  '/user/import-template',
  '/user/import',
  '/user/pending-list',
  '/user/approve',
  '/user/reject',
] as const;

const INVITATION_KEYS = [
  '/invitation/list',
  '/invitation/detail',
  '/invitation/form',
  '/invitation/create',
  '/invitation/update',
  '/invitation/delete',
  '/invitation/start-using',
  '/invitation/stop-using',
  '/invitation/invite-emails',
] as const;

const TEACHER_ADMIN_KEYS = [
  '/user/teacher-list',
  '/user/teacher-detail',
  '/user/teacher-update',
  '/user/teacher-delete',
  '/user/teacher-verify',
  '/user/teacher-set-blacklist',
  '/user/teacher-set-whitelist',
  '/user/teacher-set-top',
  '/user/teacher-cancel-top',
  '/user/teacher-stat',
  '/user/teacher-notice-save',
  '/user/teacher-notice-list',
  '/user/teacher-ai-search',
  '/user/teacher-import',
  '/user/teacher-import-resume',
  '/user/teacher-data-import',
] as const;

/** A project's data items and requirement documents (uploads, browser, edits), for those who set projects up. */
const PROJECT_DATA_KEYS = [
  '/data/upload',
  '/data/summary',
  '/data/list',
  '/data/detail',
  '/data/edit',
  '/data/delete',
  '/data/clear',
  '/data/waveform',
  '/data/video-frames',
  '/project/attachment-upload',
  '/project/attachment-list',
  '/project/attachment-delete',
] as const;

/** Annotation projects (module 9): list, detail, the wizard, the lifecycle and the operation records. */
const PROJECT_KEYS = [
  '/project/list',
  '/project/form',
  '/project/detail',
  '/project/create',
  '/project/update',
  '/project/publish',
  '/project/pause',
  '/project/restart',
  '/project/complete',
  '/project/delete',
  '/project/recovery',
  '/project/copy',
  '/project/records',
  '/project/set-template',
  '/project/confirm-data',
  '/batch/list',
  '/batch/confirm',
  '/step/list',
  '/step/save',
  '/project/task-list',
  '/project/task-save',
  '/project/people-save',
] as const;

/** Doing annotation work: my tasks, claiming, the job frame, drafts, submits, reviews, my performance. */
const JOB_WORK_KEYS = [
  '/task/tasks',
  '/task/my-task-form',
  '/task/detail',
  '/task/claim',
  '/task/execute',
  '/task/save',
  '/task/submit',
  '/task/exit',
  '/task/review',
  '/task/pend',
  '/task/reopen',
  '/task/fetch-dict',
  '/data/waveform',
  '/data/video-frames',
  '/stat/user',
  '/stat/dashboard',
] as const;

/** Running annotation work: team tasks, job lists and records, batch actions, operators, team performance. */
const JOB_ADMIN_KEYS = [
  '/task/list',
  '/work/list',
  '/work/records',
  '/work/export',
  '/work/batch-review',
  '/work/resolve',
  '/work/set-operator',
  '/stat/users',
  '/stat/daily',
  '/stat/list-by-batch',
  '/stat/export',
] as const;

/** Packs (exports) of a project's results: build, history, stop, restart, download. */
const PACK_KEYS = [
  '/pack/formats',
  '/pack/build',
  '/pack/list',
  '/pack/download',
  '/pack/stop',
  '/pack/restart',
] as const;

/** The platform audit of released projects (platform roles). */
const PROJECT_AUDIT_KEYS = ['/project/audit-list', '/project/audit'] as const;

/** Annotation templates (module 9): the organisation's private templates and copies of common ones. */
const TEMPLATE_KEYS = [
  '/template/list',
  '/template/detail',
  '/template/create',
  '/template/update',
  '/template/copy',
  '/template/delete',
  '/template/validate',
  '/template/options',
  '/template-category/options',
] as const;

/** Production dictionaries (module 9): the organisation's label lists for templates and the annotation tool. */
const PRODUCTION_DICT_KEYS = [
  '/production-dict/list',
  '/production-dict/detail',
  '/production-dict/create',
  '/production-dict/update',
  '/production-dict/delete',
  '/production-dict/items-save',
  '/production-dict/options',
] as const;

/** Knowledge maps, nodes and labels (module 10): what readers of the question bank may see. */
const KNOWLEDGE_MAP_READ_KEYS = [
  '/dataset-map/list',
  '/dataset-map/detail',
  '/dataset-map/graph',
  '/dataset-map/options',
  '/dataset-node/tree',
  '/dataset-label/list',
  '/dataset-label/options',
] as const;

/** Knowledge maps, nodes, labels and question links: everything, for content managers. */
const KNOWLEDGE_MAP_KEYS = [
  ...KNOWLEDGE_MAP_READ_KEYS,
  '/dataset-map/create',
  '/dataset-map/update',
  '/dataset-map/delete',
  '/dataset-map/enable',
  '/dataset-map/disable',
  '/dataset-node/list',
  '/dataset-node/create',
  '/dataset-node/update',
  '/dataset-node/move',
  '/dataset-node/delete',
  '/dataset-node/link-questions',
  '/dataset-node/unlink-questions',
  '/dataset-label/detail',
  '/dataset-label/create',
  '/dataset-label/update',
  '/dataset-label/delete',
] as const;

/**
 * Knowledge map and node writes for teachers and managers (docs/knowledge-maps.md): the map policy narrows them to the
 * maps made for a course they may edit (`/teacher/dataset/mapCreate`).
 */
const COURSE_MAP_KEYS = [
  '/dataset-map/create',
  '/dataset-map/update',
  '/dataset-map/delete',
  '/dataset-map/enable',
  '/dataset-map/disable',
  '/dataset-node/create',
  '/dataset-node/update',
  '/dataset-node/move',
  '/dataset-node/delete',
  '/dataset-node/link-questions',
  '/dataset-node/unlink-questions',
] as const;

/** The question bank (module 10) for authors: categories to choose and propose, their own questions and private categories. */
const QUESTION_AUTHOR_KEYS = [
  '/dataset-category/tree',
  '/dataset-category/list',
  '/dataset-category/detail',
  '/dataset-category/create',
  '/dataset-data/list',
  '/dataset-data/detail',
  '/dataset-data/create',
  '/dataset-data/update',
  '/dataset-data/delete',
  '/dataset-data/records',
  '/dataset-data/image-upload',
  '/dataset-data/similar',
  '/self-data/category-tree',
  '/self-data/category-create',
  '/self-data/category-update',
  '/self-data/category-delete',
  '/self-data/submit',
] as const;

/** The question bank (module 10), everything: category and question review, any question, search records. */
const QUESTION_BANK_KEYS = [
  ...QUESTION_AUTHOR_KEYS,
  '/dataset-category/update',
  '/dataset-category/delete',
  '/dataset-category/verify',
  '/dataset-data/verify',
  '/dataset-data/search-records',
] as const;

/** Practice sets, the teacher's and manager's side (`/trainingcamp/mygroup-create`, module 1). */
const PRACTICE_SET_KEYS = [
  '/dataset-train/list',
  '/dataset-train/detail',
  '/dataset-train/create',
  '/dataset-train/update',
  '/dataset-train/delete',
  '/dataset-train/publish',
  '/dataset-train/close',
  '/dataset-train/pool-preview',
] as const;

/** The audience picker of exams and practice sets: classes, team groups and members of the organisation. */
const AUDIENCE_PICKER_KEYS = ['/audience/groups', '/audience/members', '/audience/count'] as const;

/** Exam authoring and the teacher's side (`/trainingcamp/examlist`, materialCreate, exam detail, paper analysis). */
const EXAM_TEACHER_KEYS = [
  '/dataset-examine/list',
  '/dataset-examine/detail',
  '/dataset-examine/create',
  '/dataset-examine/update',
  '/dataset-examine/delete',
  '/dataset-examine/publish',
  '/dataset-examine/close',
  '/dataset-examine/check-blueprint',
  '/dataset-examine/cert-templates',
  '/dataset-examine/candidates',
  '/dataset-examine/force-submit',
  '/dataset-examine/mark-cheat',
  '/dataset-examine/attempt-events',
  '/dataset-examine/attempt-detail',
  '/dataset-examine/reopen',
  '/dataset-examine/export',
  '/dataset-examine/paper-analysis',
  '/dataset-examine/marking-overview',
  '/dataset-examine/marking-answers',
  '/dataset-examine/marking-similar',
  '/dataset-examine/mark',
  '/dataset-examine/regrade',
] as const;

/**
 * Courses, the teacher's side (module 5): categories, the teacher's own and co-taught courses, chapters, tasks, the
 * class × task matrix and the reports beside it (one student, a class across courses, a course across classes).
 */
const COURSE_TEACHER_KEYS = [
  '/course-category/tree',
  '/course-category/create',
  '/course-category/update',
  '/course-category/delete',
  '/dataset-course/list',
  '/dataset-course/detail',
  '/dataset-course/create',
  '/dataset-course/update',
  '/dataset-course/delete',
  '/dataset-course/online',
  '/dataset-course/offline',
  '/dataset-course/archive',
  '/dataset-course/copy',
  '/dataset-course/teachers-set',
  '/dataset-course/classes-set',
  '/dataset-course/chapter-add-weeks',
  '/dataset-course/chapter-save',
  '/dataset-course/chapter-delete',
  '/dataset-course/chapter-move',
  '/dataset-course/task-save',
  '/dataset-course/task-delete',
  '/dataset-course/task-move',
  '/dataset-course/matrix',
  '/dataset-course/ranking',
  '/dataset-course/matrix-export',
  '/dataset-course/student-detail',
  '/dataset-course/class-comparison',
  '/dataset-course/course-class-comparison',
  '/course-interact/list',
  '/course-interact/detail',
  '/course-interact/create',
  '/course-interact/update',
  '/course-interact/delete',
  '/course-interact/start',
  '/course-interact/send',
  '/course-interact/close',
  '/course-interact/reveal',
  '/course-interact/end',
  '/course-interact/live',
  '/course-interact/records',
  '/course-interact/run-detail',
  '/course-interact/run-export',
  ...COURSE_MAP_KEYS,
] as const;

/** Managing every course of the organisation (`COURSE_MANAGE_ALL_KEY`): giving a course to another teacher. */
const COURSE_MANAGER_KEYS = ['/dataset-course/transfer'] as const;

/** Teaching sources (`/teaching-source`, docs/teaching-sources.md): the teacher's own library of documents and videos. */
const TEACHING_SOURCE_KEYS = [
  '/dataset-source/list',
  '/dataset-source/detail',
  '/dataset-source/update',
  '/dataset-source/delete',
  '/dataset-source/upload-start',
  '/dataset-source/upload-part',
  '/dataset-source/upload-finish',
] as const;

/** Every teaching source of the organisation (`TEACHING_SOURCE_MANAGE_ALL_KEY`): seen, renamed and deleted by managers. */
const TEACHING_SOURCE_MANAGER_KEYS = ['/dataset-source/all'] as const;

/**
 * Courses, the student's side (module 4): my courses, a course's home, progress reports on material, a material's
 * self-test, live questions.
 */
const COURSE_LEARNER_KEYS = [
  '/dataset-course/my-list',
  '/dataset-course/home',
  '/dataset-course/task-progress',
  '/dataset-course/self-test',
  '/dataset-course/self-test-submit',
  '/course-interact/my-open',
  '/course-interact/join',
  '/course-interact/answer',
] as const;

/** Taking part in a live room (docs/live-rooms.md): hosts and students alike. */
const LIVE_ROOM_PARTICIPANT_KEYS = [
  '/live-room/detail',
  '/live-room/join',
  '/live-room/quit',
  '/live-room/volcano-rtc-token',
  '/live-room/user-status-sync',
  '/live-room/chat-send',
  '/live-room/chat-list',
] as const;

/** Scheduling and hosting live rooms (`/liveroom-manager`, `/teacher/liveroom-detail`): teachers and managers. */
const LIVE_ROOM_HOST_KEYS = [
  ...LIVE_ROOM_PARTICIPANT_KEYS,
  '/live-room/list',
  '/live-room/create',
  '/live-room/update',
  '/live-room/delete',
  '/live-room/start-live',
  '/live-room/end-live',
  '/live-room/control',
  '/live-room/attendance',
] as const;

/** The rooms of a student's classes (`/liveroom`, `/liveroom-detail`). */
const LIVE_ROOM_LEARNER_KEYS = [...LIVE_ROOM_PARTICIPANT_KEYS, '/live-room/my-list'] as const;

/** Live invigilation (`/liveroom-invigilation-management`): the exams' teachers watch candidates answering. */
const INVIGILATOR_KEYS = [
  '/live-room/invigilation-exams',
  '/live-room/invigilation-grid',
  '/live-room/invigilation-token',
  '/live-room/invigilation-warn',
] as const;

/** Writing experiments (`/experiment-manage`, docs/experiments.md): teachers, managers and content managers. */
const EXPERIMENT_AUTHOR_KEYS = [
  '/dataset-experiment/list',
  '/dataset-experiment/detail',
  '/dataset-experiment/create',
  '/dataset-experiment/update',
  '/dataset-experiment/delete',
  '/dataset-experiment/languages',
] as const;

/** Doing experiments (code labs): every role that learns, and the authors trying their own. */
const EXPERIMENT_LEARNER_KEYS = [
  '/dataset-experiment/student-detail',
  '/dataset-experiment/code-run',
  '/dataset-experiment/submit',
  '/dataset-experiment/submission',
  '/dataset-experiment/submissions',
] as const;

/** Annotation categories (platform administration). Common templates stay with root (`/template/common-*`). */
/** Learners' corrections and feedback on questions: every role that learns reports and reads its own reports. */
const QUESTION_REPORTER_KEYS = ['/dataset-feedback/create', '/dataset-feedback/mine'] as const;

/** Activation code batches (`/dataset-cdkey/...`): managers. */
const CDKEY_ADMIN_KEYS = [
  '/dataset-cdkey/list',
  '/dataset-cdkey/create',
  '/dataset-cdkey/detail',
  '/dataset-cdkey/codes',
  '/dataset-cdkey/disable',
  '/dataset-cdkey/enable',
  '/dataset-cdkey/export',
] as const;

/** Certificate templates and issuing (`/trainingcamp/certmanage`): teachers and managers. */
const CERT_ADMIN_KEYS = [
  '/dataset-cert-code/list',
  '/dataset-cert-code/detail',
  '/dataset-cert-code/create',
  '/dataset-cert-code/update',
  '/dataset-cert-code/delete',
  '/dataset-cert-user/user-options',
  '/dataset-cert-user/issue',
  '/dataset-cert-user/list',
  '/dataset-cert-user/export',
  '/dataset-cert-user/revoke',
] as const;

/** Certificates across organisations (`/certuser/list`, `/certcode/...`): platform operators. */
const CERT_PLATFORM_KEYS = ['/certuser/list', '/certcode/dispense-list'] as const;

/** Redeeming activation codes (`/cdkey/mycdkey`): every learner-facing role. */
const CDKEY_REDEEM_KEYS = ['/cdkey/redeem', '/cdkey/mycdkey'] as const;

/** Practising (`/trainingcamp/...`): sets, sessions, the wrong-answer book, collections, records, statistics. */
const PRACTICE_LEARNER_KEYS = [
  '/trainingcamp/train-list',
  '/trainingcamp/train-join',
  '/trainingcamp/train-start',
  '/trainingcamp/wrong-start',
  '/trainingcamp/session',
  '/trainingcamp/answer',
  '/trainingcamp/finish',
  '/trainingcamp/train-result',
  '/trainingcamp/train-report',
  '/trainingcamp/mywrong',
  '/trainingcamp/collect',
  '/trainingcamp/uncollect',
  '/trainingcamp/mycollect',
  '/trainingcamp/selfexam-records',
  '/trainingcamp/my-test-stat',
  '/trainingcamp/category-portrait',
  '/user/index-student',
  '/trainingcamp/mytrain',
  '/trainingcamp/train-detail',
  '/trainingcamp/train-leave',
] as const;

/** Taking online exams (`/trainingcamp/myexam`, the answer page, results and records): learner-facing roles. */
const EXAM_CANDIDATE_KEYS = [
  '/dataset-examine/my-list',
  '/dataset-examine/pre-exam',
  '/dataset-examine/join',
  '/dataset-examine/start',
  '/dataset-examine/attempt',
  '/dataset-examine/answer',
  '/dataset-examine/answer-file',
  '/dataset-examine/event',
  '/live-room/exam-camera-token',
  '/dataset-examine/submit',
  '/dataset-examine/result',
  '/dataset-examine/my-records',
] as const;

/** The quality loop and the content manager's home: the report queues, the error-prone list, the figures. */
const QUESTION_REPORT_KEYS = [
  '/dataset-feedback/list',
  '/dataset-feedback/detail',
  '/dataset-feedback/accept',
  '/dataset-feedback/decline',
  '/dataset-data/error-prone',
  '/user/index-content-manager',
] as const;

/** Question import and export (`/dataset/import-category-data`, the question list's export). */
const QUESTION_TRANSFER_KEYS = [
  '/dataset-data/import-template',
  '/dataset-data/import',
  '/dataset-data/export',
] as const;

const TEMPLATE_CATEGORY_KEYS = [
  '/template-category/list',
  '/template-category/detail',
  '/template-category/create',
  '/template-category/update',
  '/template-category/delete',
] as const;

const PLATFORM_OPERATOR_KEYS = [
  '/system/online-users',
  '/system/online-users-all',
  '/system/ws-stat',
  '/system/mq-stat',
  '/system/ali-stat',
  '/system/logs',
  '/system/announcement-list',
  '/system/announcement-create',
  '/system/announcement-update',
  '/system/announcement-delete',
  '/system/user-stat-day-list',
  '/data-deployment/packet-list',
  '/data-deployment/packet-create',
  '/data-deployment/packet-update',
  '/data-deployment/packet-delete',
  '/data-deployment/push',
  '/data-deployment/pull',
  '/data-deployment/transfer-list',
  '/data-deployment/pack-options',
  '/data-deployment/project-options',
  '/user/list',
  '/user/form',
  '/user/records',
  '/user/platform-detail',
  '/user/set-status',
  '/user/stat-by-star-section',
  '/user/user-stat-day-list',
  '/user/index-platform',
  '/site/list',
  '/site/detail',
  '/site/form',
  '/site/create',
  '/site/update',
  '/site/delete',
  '/site/open',
  '/site/close',
  '/site/update-logo',
  '/site/members',
  '/site/site-stat-list',
  '/site/site-stat-list-export',
  '/site/stat-by-star-section',
  '/site/stat-by-province',
  '/site/site-area-distribute',
  '/site/change-user-site',
  '/site/invitation-list',
  '/site/invitation-create',
  '/setting/list',
  '/setting/create',
  '/setting/update',
  '/setting/delete',
  '/dict/list',
  '/dict/detail',
  '/dict/create',
  '/dict/update',
  '/dict/delete',
  '/dict/item-create',
  '/dict/item-update',
  '/dict/item-delete',
] as const;

/**
 * Permission keys (procedure paths) each built-in role holds. The super administrator (role_root) holds
 * every key of the catalogue. Modules add their keys here as they add procedures.
 */
export const BUILTIN_ROLE_PERMISSIONS: Readonly<Record<Exclude<RoleKey, 'role_root'>, readonly string[]>> = {
  role_student: [
    ...CDKEY_REDEEM_KEYS,
    ...QUESTION_REPORTER_KEYS,
    ...PRACTICE_LEARNER_KEYS,
    ...EXAM_CANDIDATE_KEYS,
    ...COURSE_LEARNER_KEYS,
    ...LIVE_ROOM_LEARNER_KEYS,
    ...EXPERIMENT_LEARNER_KEYS,
  ],
  role_teacher: [
    ...CERT_ADMIN_KEYS,
    '/user/index-manager',
    ...GROUP_KEYS,
    '/user/teacher-notice-item-list',
    '/user/teacher-notice-detail',
    ...KNOWLEDGE_MAP_READ_KEYS,
    ...QUESTION_AUTHOR_KEYS,
    ...QUESTION_REPORTER_KEYS,
    ...QUESTION_TRANSFER_KEYS,
    ...PRACTICE_SET_KEYS,
    ...EXAM_TEACHER_KEYS,
    ...INVIGILATOR_KEYS,
    ...AUDIENCE_PICKER_KEYS,
    ...COURSE_TEACHER_KEYS,
    ...LIVE_ROOM_HOST_KEYS,
    ...TEACHING_SOURCE_KEYS,
    ...EXPERIMENT_AUTHOR_KEYS,
    ...EXPERIMENT_LEARNER_KEYS,
    ...CDKEY_REDEEM_KEYS,
    ...PRACTICE_LEARNER_KEYS,
    ...EXAM_CANDIDATE_KEYS,
  ],
  role_manager: [
    ...CERT_ADMIN_KEYS,
    ...CDKEY_ADMIN_KEYS,
    ...CDKEY_REDEEM_KEYS,
    '/user/index-manager',
    // The manager holds the teacher information module: its `/lecturer` page lists the notices sent to teachers.
    '/user/teacher-notice-item-list',
    '/user/teacher-notice-detail',
    ...PEOPLE_KEYS,
    ...INVITATION_KEYS,
    ...GROUP_KEYS,
    ...TEAM_KEYS,
    ...TEACHER_ADMIN_KEYS,
    ...TEMPLATE_KEYS,
    ...PRODUCTION_DICT_KEYS,
    ...PROJECT_DATA_KEYS,
    ...PROJECT_KEYS,
    ...PACK_KEYS,
    ...JOB_WORK_KEYS,
    ...JOB_ADMIN_KEYS,
    ...KNOWLEDGE_MAP_READ_KEYS,
    ...QUESTION_AUTHOR_KEYS,
    ...QUESTION_REPORTER_KEYS,
    ...QUESTION_TRANSFER_KEYS,
    ...PRACTICE_SET_KEYS,
    ...EXAM_TEACHER_KEYS,
    ...INVIGILATOR_KEYS,
    ...AUDIENCE_PICKER_KEYS,
    ...COURSE_TEACHER_KEYS,
    ...COURSE_MANAGER_KEYS,
    ...LIVE_ROOM_HOST_KEYS,
    ...TEACHING_SOURCE_KEYS,
    ...TEACHING_SOURCE_MANAGER_KEYS,
    ...EXPERIMENT_AUTHOR_KEYS,
    ...EXPERIMENT_LEARNER_KEYS,
    ...PRACTICE_LEARNER_KEYS,
    ...EXAM_CANDIDATE_KEYS,
  ],
  role_operator: [...PLATFORM_OPERATOR_KEYS, ...TEMPLATE_CATEGORY_KEYS, ...PROJECT_AUDIT_KEYS, ...CERT_PLATFORM_KEYS],
  role_content_production: [
    ...PROJECT_DATA_KEYS,
    ...TEMPLATE_KEYS,
    ...PRODUCTION_DICT_KEYS,
    ...PROJECT_KEYS,
    ...PACK_KEYS,
    ...JOB_WORK_KEYS,
    ...JOB_ADMIN_KEYS,
  ],
  role_content_manager: [
    ...KNOWLEDGE_MAP_KEYS,
    ...QUESTION_BANK_KEYS,
    ...QUESTION_REPORT_KEYS,
    ...QUESTION_TRANSFER_KEYS,
    ...EXPERIMENT_AUTHOR_KEYS,
    ...EXPERIMENT_LEARNER_KEYS,
  ],
  role_team_admin: [
    ...GROUP_KEYS,
    ...TEAM_KEYS,
    ...PROJECT_DATA_KEYS,
    ...TEMPLATE_KEYS,
    ...PRODUCTION_DICT_KEYS,
    ...PROJECT_KEYS,
    ...PACK_KEYS,
    ...JOB_WORK_KEYS,
    ...JOB_ADMIN_KEYS,
  ],
  role_team_operator: [...JOB_WORK_KEYS],
};
