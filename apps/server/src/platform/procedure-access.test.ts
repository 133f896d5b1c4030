import {
  BUILTIN_ROLE_PERMISSIONS,
  BUILTIN_ROLES,
  PROCEDURE_CATALOGUE,
  type Procedure,
  type RoleKey,
  type TenantResource,
} from '@app/contracts';
import { schema } from '@app/db';
import { DEMO_USERS } from '@app/db/seed/demo.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCertFixture } from '../testing/certificates.ts';
import { createExamAttemptFixture } from '../testing/exam-taking.ts';
import { pngImage } from '../testing/media-samples.ts';
import { createPracticeFixture } from '../testing/practice.ts';
import { createProjectFixture } from '../testing/projects.ts';
import { createQuestionBankFixture } from '../testing/question-bank.ts';
import { sessionFor, siteIdByName } from '../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';
import { upload } from '../testing/uploads.ts';

/**
 * Generated over the whole catalogue: no session -> auth_fail; a role without the key -> forbidden;
 * another organisation's ids -> not_found; malformed input -> a 4xx error body, never a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A record of the second demo organisation that a first-organisation caller must not reach, per resource kind. */
const OTHER_SITE_RECORD: Record<TenantResource, (t: TestApp) => Promise<number>> = {
  site: (t) => siteIdByName(t, '星河数据'),
  user: async (t) => {
    const [member] = await t.deps.db
      .select({ userId: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.username, 'student2'));
    return member!.userId;
  },
  invitation: async (t) => {
    const [created] = await t.deps.db
      .insert(schema.invitations)
      .values({
        siteId: await siteIdByName(t, '星河数据'),
        token: `other-site-${Math.random().toString(36).slice(2)}`,
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning({ id: schema.invitations.id });
    return created!.id;
  },
  membership: async (t) => {
    const [membership] = await t.deps.db
      .select({ id: schema.siteUsers.id })
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.siteId, await siteIdByName(t, '星河数据')))
      .limit(1);
    return membership!.id;
  },
  group: async (t) => {
    const [created] = await t.deps.db
      .insert(schema.groups)
      .values({ siteId: await siteIdByName(t, '星河数据'), kind: 'team', name: 'other site team' })
      .returning({ id: schema.groups.id });
    return created!.id;
  },
  tag: async (t) => {
    const [created] = await t.deps.db
      .insert(schema.userTags)
      .values({ siteId: await siteIdByName(t, '星河数据'), name: `other-${Math.random().toString(36).slice(2)}` })
      .returning({ id: schema.userTags.id });
    return created!.id;
  },
  teacher: async (t) => {
    const [student2] = await t.deps.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.username, 'student2'));
    const [created] = await t.deps.db
      .insert(schema.teacherProfiles)
      .values({ siteId: await siteIdByName(t, '星河数据'), userId: student2!.id })
      .onConflictDoUpdate({
        target: [schema.teacherProfiles.siteId, schema.teacherProfiles.userId],
        set: { top: false },
      })
      .returning({ id: schema.teacherProfiles.id });
    return created!.id;
  },
  teacher_notice: async (t) => {
    const [created] = await t.deps.db
      .insert(schema.teacherNotices)
      .values({ siteId: await siteIdByName(t, '星河数据'), title: 'other site notice', content: 'x' })
      .returning({ id: schema.teacherNotices.id });
    return created!.id;
  },
  template: async (t) => (await otherSiteProject(t)).templateId,
  label_dict: async (t) => {
    const [created] = await t.deps.db
      .insert(schema.labelDicts)
      .values({ siteId: await siteIdByName(t, '星河数据'), name: `other-${Math.random().toString(36).slice(2, 10)}` })
      .returning({ id: schema.labelDicts.id });
    return created!.id;
  },
  project: async (t) => (await otherSiteProject(t)).projectId,
  project_attachment: async (t) => (await otherSiteProject(t)).attachmentId,
  data_item: async (t) => (await otherSiteProject(t)).itemId,
  batch: async (t) => (await otherSiteProject(t)).batchId,
  step: async (t) => (await otherSiteProject(t)).stepId,
  task: async (t) => (await otherSiteProject(t)).taskId,
  job: async (t) => {
    const siteId = await siteIdByName(t, '星河数据');
    const fixture = await createProjectFixture(t, siteId);
    const [job] = await t.deps.db
      .insert(schema.jobs)
      .values({
        siteId,
        projectId: fixture.projectId,
        taskId: fixture.taskId,
        stepId: fixture.stepId,
        batchId: fixture.batchId,
        dataItemId: fixture.itemId,
        sortKey: 1,
      })
      .returning({ id: schema.jobs.id });
    return job!.id;
  },
  question_category: async (t) => (await otherSiteQuestionBank(t)).categoryId,
  question: async (t) => (await otherSiteQuestionBank(t)).questionId,
  knowledge_map: async (t) => (await otherSiteQuestionBank(t)).mapId,
  knowledge_node: async (t) => (await otherSiteQuestionBank(t)).nodeId,
  knowledge_label: async (t) => (await otherSiteQuestionBank(t)).labelId,
  question_report: async (t) => (await otherSiteQuestionBank(t)).reportId,
  practice_set: async (t) => (await otherSitePractice(t)).setId,
  practice_session: async (t) => (await otherSitePractice(t)).sessionId,
  cdkey_batch: async (t) => (await otherSitePractice(t)).batchId,
  cdkey: async (t) => (await otherSitePractice(t)).cdkeyId,
  exam: async (t) => (await createExamAttemptFixture(t, await siteIdByName(t, '星河数据'))).examId,
  exam_attempt: async (t) => (await createExamAttemptFixture(t, await siteIdByName(t, '星河数据'))).attemptId,
  cert_template: async (t) => (await createCertFixture(t, await siteIdByName(t, '星河数据'))).templateId,
  certificate: async (t) => (await createCertFixture(t, await siteIdByName(t, '星河数据'))).certificateId,
  pack: async (t) => {
    const fixture = await otherSiteProject(t);
    const [created] = await t.deps.db
      .insert(schema.packs)
      .values({
        siteId: await siteIdByName(t, '星河数据'),
        projectId: fixture.projectId,
        format: 'json',
        status: 'stopped',
      })
      .returning({ id: schema.packs.id });
    return created!.id;
  },
};

async function otherSiteProject(t: TestApp) {
  return createProjectFixture(t, await siteIdByName(t, '星河数据'));
}

async function otherSitePractice(t: TestApp) {
  return createPracticeFixture(t, await siteIdByName(t, '星河数据'));
}

async function otherSiteQuestionBank(t: TestApp) {
  return createQuestionBankFixture(t, await siteIdByName(t, '星河数据'));
}

/** Id fields naming records that are not owned by an organisation: captchas and annotation categories. */
const PLATFORM_WIDE_IDS = ['captcha_id', 'category_id'];

/** Valid input for procedures with tenant ids (their id fields are replaced by the other site's record). */
const VALID_INPUT: Record<string, Record<string, unknown>> = {
  '/user/change-site': { site_id: 1 },
  '/invitation/detail': { id: 1 },
  '/invitation/update': { id: 1, remarks: 'x' },
  '/invitation/delete': { id: 1 },
  '/invitation/start-using': { id: 1 },
  '/invitation/stop-using': { id: 1 },
  '/user/approve': { ids: [1] },
  '/user/reject': { ids: [1] },
  '/group/detail': { id: 1 },
  '/group/update': { id: 1, name: 'x' },
  '/group/delete': { id: 1 },
  '/group/close': { id: 1 },
  '/group/open': { id: 1 },
  '/group/user-list': { group_id: 1 },
  '/group/user-candidates': { group_id: 1 },
  '/group/user-create': { group_id: 1, user_ids: [1] },
  '/group/user-delete': { group_id: 1, user_ids: [1] },
  '/group/transfer': { from_group_id: 1, to_group_id: 2, user_ids: [1] },
  '/group/user-update': { group_id: 1, to_group_id: 2, user_id: 1 },
  '/user/tag-update': { id: 1, name: 'x' },
  '/user/tag-delete': { id: 1 },
  '/user/tag-set': { user_ids: [1], tag_ids: [1] },
  '/user/member-detail': { user_id: 1 },
  '/user/update': { user_id: 1, nickname: 'x', roles: ['role_student'] },
  '/user/delete': { user_id: 1 },
  '/user/reset-password': { user_id: 1, password: 'Abc12345' },
  '/user/teacher-detail': { id: 1 },
  '/user/teacher-update': { id: 1, title: 'x' },
  '/user/teacher-delete': { id: 1 },
  '/user/teacher-verify': { id: 1, pass: true },
  '/user/teacher-set-blacklist': { id: 1 },
  '/user/teacher-set-whitelist': { id: 1 },
  '/user/teacher-set-top': { id: 1 },
  '/user/teacher-cancel-top': { id: 1 },
  '/user/teacher-notice-save': { id: 1, title: 'x', content: 'x' },
  '/user/teacher-notice-detail': { id: 1 },
  '/user/teacher-follow-create': { teacher_id: 1 },
  '/template/detail': { id: 1 },
  '/template/update': { id: 1, name: 'x' },
  '/template/copy': { id: 1 },
  '/template/delete': { id: 1 },
  '/production-dict/detail': { id: 1 },
  '/production-dict/update': { id: 1, name: 'x' },
  '/production-dict/delete': { id: 1 },
  '/production-dict/items-save': { id: 1, items: [{ value: 'a', label: 'A', color: '#ff0000' }] },
  '/user/teacher-import-resume': {
    teacher_id: 1,
    file: `data:application/pdf;base64,${Buffer.from('%PDF-1.4 resume').toString('base64')}`,
  },
  '/data/upload': { project_id: 1, source: 'files' },
  '/data/summary': { project_id: 1 },
  '/data/list': { project_id: 1, batch_id: 1 },
  '/data/detail': { id: 1 },
  '/data/waveform': { item_id: 1 },
  '/data/video-frames': { item_id: 1 },
  '/data/edit': { id: 1, name: 'x' },
  '/data/delete': { project_id: 1, ids: [1] },
  '/data/clear': { project_id: 1 },
  '/project/attachment-upload': { project_id: 1 },
  '/project/attachment-list': { project_id: 1 },
  '/project/attachment-delete': { id: 1 },
  '/project/detail': { id: 1 },
  '/project/create': {
    name: 'xx',
    category_id: 1,
    start_at: '2030-01-01T00:00:00Z',
    end_at: '2030-02-01T00:00:00Z',
    leader_id: 1,
  },
  '/project/update': {
    id: 1,
    name: 'xx',
    category_id: 1,
    start_at: '2030-01-01T00:00:00Z',
    end_at: '2030-02-01T00:00:00Z',
    leader_id: 1,
  },
  '/project/publish': { id: 1 },
  '/project/pause': { id: 1 },
  '/project/restart': { id: 1 },
  '/project/complete': { id: 1 },
  '/project/delete': { id: 1 },
  '/project/recovery': { id: 1 },
  '/project/copy': { id: 1 },
  '/project/records': { project_id: 1 },
  '/project/set-template': { project_id: 1, template_id: 1 },
  '/project/confirm-data': { project_id: 1 },
  '/batch/list': { project_id: 1 },
  '/batch/confirm': { project_id: 1, batches: [{ name: 'B1', count: 1 }] },
  '/step/list': { project_id: 1 },
  '/step/save': { project_id: 1, steps: [{ key: 'a', name: '标注', type: 'execute', category_id: 1, template_id: 1 }] },
  '/project/task-list': { project_id: 1 },
  '/project/task-save': {
    project_id: 1,
    tasks: [
      {
        step_id: 1,
        batch_id: 1,
        claim_size: 1,
        lease_seconds: 60,
        start_at: '2030-01-01T00:00:00Z',
        end_at: '2030-01-02T00:00:00Z',
        target: 'team',
      },
    ],
  },
  '/project/people-save': { project_id: 1, tasks: [{ task_id: 1, user_ids: [], group_ids: [] }] },
  '/task/tasks': { project_id: 1 },
  '/task/claim': { task_id: 1 },
  '/task/execute': { task_id: 1, job_id: 1 },
  '/task/save': { job_id: 1, draft: {} },
  '/task/submit': { job_id: 1, result: { version: 1, shapes: [], fields: {} } },
  '/task/exit': { task_id: 1 },
  '/task/review': { job_id: 1, decision: 'pass' },
  '/task/pend': { job_id: 1, reason: 'x' },
  '/task/reopen': { job_id: 1 },
  '/task/fetch-dict': { dict_id: 1 },
  '/task/list': { project_id: 1 },
  '/task/detail': { id: 1 },
  '/work/list': { task_id: 1 },
  '/work/records': { job_id: 1 },
  '/work/export': { task_id: 1 },
  '/pack/formats': { project_id: 1 },
  '/pack/build': { project_id: 1, step_id: 1, batch_ids: [1], format: 'json' },
  '/pack/list': { project_id: 1 },
  '/pack/download': { id: 1 },
  '/pack/stop': { id: 1 },
  '/pack/restart': { id: 1 },
  '/work/batch-review': { action: 'pass', job_ids: [1] },
  '/work/resolve': { job_ids: [1] },
  '/work/set-operator': { job_ids: [1], user_id: 1 },
  '/stat/users': { from: '2026-01-01', to: '2026-01-31' },
  '/stat/user': { from: '2026-01-01', to: '2026-01-31' },
  '/stat/daily': { from: '2026-01-01', to: '2026-01-31' },
  '/stat/list-by-batch': { project_id: 1 },
  '/stat/export': { from: '2026-01-01', to: '2026-01-31', kind: 'users' },
  '/dataset-feedback/create': { kind: 'correction', question_id: 1, content: 'x' },
  '/dataset-feedback/detail': { id: 1 },
  '/dataset-feedback/accept': { id: 1 },
  '/dataset-feedback/decline': { id: 1, reply: 'x' },
  '/dataset-data/error-prone': { category_id: 1 },
  '/dataset-map/detail': { id: 1 },
  '/dataset-map/create': { name: 'x', category_id: 1 },
  '/dataset-map/update': { id: 1, category_id: 1 },
  '/dataset-map/delete': { id: 1 },
  '/dataset-map/enable': { id: 1 },
  '/dataset-map/disable': { id: 1 },
  '/dataset-map/graph': { id: 1 },
  '/dataset-node/tree': { map_id: 1 },
  '/dataset-node/list': { map_id: 1, label_id: 1 },
  '/dataset-node/create': { map_id: 1, parent_id: 1, code: 'x', name: 'x', label_ids: [1] },
  '/dataset-node/update': { id: 1, parent_id: 1, label_ids: [1] },
  '/dataset-node/move': { id: 1, parent_id: 1 },
  '/dataset-node/delete': { id: 1 },
  '/dataset-node/link-questions': { node_id: 1, question_ids: [1] },
  '/dataset-node/unlink-questions': { node_id: 1, question_ids: [1] },
  '/dataset-label/detail': { id: 1 },
  '/dataset-label/update': { id: 1, name: 'x' },
  '/dataset-label/delete': { id: 1 },
  '/dataset-category/detail': { id: 1 },
  '/dataset-category/create': { parent_id: 1, name: 'x' },
  '/dataset-category/update': { id: 1, parent_id: 1, name: 'x' },
  '/dataset-category/delete': { id: 1 },
  '/dataset-category/verify': { ids: [1], status: 'passed' },
  '/dataset-data/list': { category_id: 1, label_id: 1, node_id: 1 },
  '/dataset-data/detail': { id: 1 },
  '/dataset-data/create': {
    category_id: 1,
    type: 'single',
    stem: '<p>x</p>',
    options: [{ content: 'A', correct: true }],
    label_ids: [1],
    node_ids: [1],
  },
  '/dataset-data/update': {
    id: 1,
    category_id: 1,
    type: 'single',
    stem: '<p>x</p>',
    options: [{ content: 'A', correct: true }],
    label_ids: [1],
    node_ids: [1],
  },
  '/dataset-data/delete': { ids: [1] },
  '/dataset-data/verify': { ids: [1], status: 'passed' },
  '/dataset-data/records': { id: 1 },
  '/dataset-data/similar': { id: 1 },
  '/dataset-data/import': { category_id: 1, format: 'aiken' },
  '/dataset-data/export': { category_id: 1, label_id: 1, node_id: 1, format: 'gift' },
  '/trainingcamp/train-join': { set_id: 1 },
  '/trainingcamp/train-start': { set_id: 1 },
  '/trainingcamp/train-detail': { id: 1 },
  '/trainingcamp/train-leave': { set_id: 1 },
  '/trainingcamp/wrong-start': { category_id: 1 },
  '/trainingcamp/session': { id: 1 },
  '/trainingcamp/answer': { session_id: 1, question_id: 1, chosen: [0] },
  '/trainingcamp/finish': { id: 1 },
  '/trainingcamp/train-result': { id: 1 },
  '/trainingcamp/train-report': { id: 1 },
  '/trainingcamp/mywrong': { category_id: 1 },
  '/trainingcamp/collect': { question_id: 1 },
  '/trainingcamp/uncollect': { question_id: 1 },
  '/dataset-train/detail': { id: 1 },
  '/dataset-train/create': { name: 'x', category_ids: [1], node_ids: [1], question_ids: [1], lock_category_id: 1 },
  '/dataset-train/update': {
    id: 1,
    name: 'x',
    category_ids: [1],
    node_ids: [1],
    question_ids: [1],
    lock_category_id: 1,
  },
  '/dataset-train/delete': { id: 1 },
  '/dataset-train/publish': { id: 1 },
  '/dataset-train/close': { id: 1 },
  '/dataset-train/pool-preview': { category_ids: [1], node_ids: [1], question_ids: [1] },
  '/dataset-cdkey/create': {
    name: 'x',
    category_id: 1,
    sub_category_id: 1,
    unit_price: 1,
    count: 1,
    valid_from: '2026-01-01T00:00:00Z',
    valid_until: '2027-01-01T00:00:00Z',
  },
  '/dataset-cdkey/detail': { id: 1 },
  '/dataset-cdkey/codes': { batch_id: 1 },
  '/dataset-cdkey/disable': { ids: [1] },
  '/dataset-cdkey/enable': { ids: [1] },
  '/dataset-cdkey/export': { batch_id: 1 },
  '/dataset-examine/pre-exam': { exam_id: 1 },
  '/dataset-examine/join': { exam_id: 1 },
  '/dataset-examine/start': { exam_id: 1 },
  '/dataset-examine/attempt': { attempt_id: 1 },
  '/dataset-examine/answer': { attempt_id: 1, question_id: 1, chosen: [0], client_seq: 1 },
  '/dataset-examine/event': { attempt_id: 1, kind: 'blur' },
  '/dataset-examine/submit': { attempt_id: 1 },
  '/dataset-examine/result': { attempt_id: 1 },
  '/dataset-examine/my-records': { exam_id: 1 },
  '/dataset-examine/detail': { id: 1 },
  '/dataset-examine/create': {
    name: 'x',
    category_id: 1,
    question_ids: [1],
    cert_template_id: 1,
    pass_score: 60,
    duration_seconds: 60,
    window_start: '2030-01-01T00:00:00Z',
    window_end: '2030-01-02T00:00:00Z',
  },
  '/dataset-examine/update': {
    id: 1,
    name: 'x',
    category_id: 1,
    question_ids: [1],
    cert_template_id: 1,
    pass_score: 60,
    duration_seconds: 60,
    window_start: '2030-01-01T00:00:00Z',
    window_end: '2030-01-02T00:00:00Z',
  },
  '/dataset-examine/delete': { id: 1 },
  '/dataset-examine/publish': { id: 1 },
  '/dataset-examine/close': { id: 1 },
  '/dataset-examine/check-blueprint': {
    total: 1,
    type_ratios: { single: 1, multiple: 0, judge: 0 },
    difficulty_ratios: { easy: 0, medium: 0, hard: 0 },
    category_ids: [1],
    node_ids: [1],
  },
  '/dataset-examine/candidates': { exam_id: 1 },
  '/dataset-examine/force-submit': { attempt_id: 1 },
  '/dataset-examine/mark-cheat': { attempt_id: 1, note: 'x' },
  '/dataset-examine/attempt-events': { attempt_id: 1 },
  '/dataset-examine/reopen': { attempt_id: 1 },
  '/dataset-examine/export': { exam_id: 1 },
  '/dataset-examine/paper-analysis': { exam_id: 1 },
  '/dataset-cert-code/detail': { id: 1 },
  '/dataset-cert-code/update': { id: 1, name: 'x', title: 'x' },
  '/dataset-cert-code/delete': { id: 1 },
  '/dataset-cert-user/issue': { template_id: 1, user_ids: [1], subject: 'x' },
  '/dataset-cert-user/list': { template_id: 1 },
  '/dataset-cert-user/export': { template_id: 1 },
  '/dataset-cert-user/revoke': { id: 1, reason: 'x' },
};

const demoUserOfRole = (role: RoleKey) => DEMO_USERS.find((u) => u.first[0] === role)?.username;

/** A first-organisation demo user allowed to call the procedure (root holds every permission). */
function callerFor(procedure: Procedure): string {
  return procedure.access.kind === 'permission' ? 'root' : 'teacher';
}

function inputProperties(procedure: Procedure): Record<string, { type?: string }> {
  const schema = z.toJSONSchema(procedure.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string }>;
  };
  return schema.properties ?? {};
}

function wrongValue(type: string | undefined): unknown {
  if (type === 'string') return 12345;
  if (type === 'object' || type === 'array') return 'not-an-object';
  return 'not-a-number';
}

const nonPublic = PROCEDURE_CATALOGUE.filter((p) => p.access.kind !== 'public');
const permissioned = PROCEDURE_CATALOGUE.filter((p) => p.access.kind === 'permission');
const withTenantIds = PROCEDURE_CATALOGUE.filter((p) => Object.keys(p.tenantIds).length > 0);

describe('without a session', () => {
  it.each(nonPublic.map((p) => [p.path, p]))('%s answers auth_fail', async (_path, procedure) => {
    const result = await call(t.app, procedure.path, {});
    expect(result.status).toBe(401);
    expect(result.body.error).toBe('auth_fail');
    const garbage = await call(t.app, procedure.path, {}, { token: 'not-a-real-token' });
    expect(garbage.body.error).toBe('auth_fail');
  });
});

describe('with a role lacking the key', () => {
  it.each(permissioned.map((p) => [p.path, p]))('%s answers forbidden', async (_path, procedure) => {
    const key = procedure.access.kind === 'permission' ? procedure.access.key : '';
    const lacking = (Object.keys(BUILTIN_ROLE_PERMISSIONS) as Exclude<RoleKey, 'role_root'>[]).find(
      (role) => !BUILTIN_ROLE_PERMISSIONS[role].includes(key) && demoUserOfRole(role),
    );
    expect(lacking, `every built-in role holds ${key}`).toBeDefined();
    const token = await sessionFor(t, demoUserOfRole(lacking!)!);
    const result = await call(t.app, procedure.path, {}, { token });
    expect(result.status).toBe(403);
    expect(result.body.error).toBe('forbidden');
  });
});

describe('platform procedures', () => {
  it('are granted to platform roles only', () => {
    const platformKeys = PROCEDURE_CATALOGUE.filter((p) => p.platform && p.access.kind === 'permission').map((p) =>
      p.access.kind === 'permission' ? p.access.key : '',
    );
    const tenantRoles = BUILTIN_ROLES.filter((r) => !r.platform).map((r) => r.key);
    for (const role of tenantRoles) {
      const granted = BUILTIN_ROLE_PERMISSIONS[role as Exclude<RoleKey, 'role_root'>] ?? [];
      expect(
        granted.filter((key) => platformKeys.includes(key)),
        role,
      ).toEqual([]);
    }
  });
});

describe("with another organisation's ids", () => {
  it('every input field that names an id is declared as a tenant id (platform procedures act across organisations)', () => {
    const undeclared = PROCEDURE_CATALOGUE.filter((p) => !p.platform).flatMap((p) =>
      Object.keys(inputProperties(p))
        .filter(
          (field) => /(^id$|_id$|Id$)/.test(field) && !(field in p.tenantIds) && !PLATFORM_WIDE_IDS.includes(field),
        )
        .map((field) => `${p.path}.${field}`),
    );
    expect(undeclared).toEqual([]);
  });

  it.each(withTenantIds.map((p) => [p.path, p]))('%s answers not_found', async (path, procedure) => {
    const input = { ...VALID_INPUT[path] };
    expect(VALID_INPUT[path], `add a valid input for ${path}`).toBeDefined();
    for (const [field, resource] of Object.entries(procedure.tenantIds)) {
      const id = await OTHER_SITE_RECORD[resource](t);
      input[field] = Array.isArray(input[field]) ? [id] : id;
    }
    const token = await sessionFor(t, callerFor(procedure));
    // Upload procedures take multipart: the same fields as form fields, with one small file.
    const result = procedure.upload
      ? await upload(t.app, procedure.path, input, [{ name: 'a.png', content: pngImage() }], { token })
      : await call(t.app, procedure.path, input, { token });
    expect(result.status).toBe(404);
    expect(result.body.error).toBe('not_found');
  });
});

describe('with malformed input', () => {
  it.each(PROCEDURE_CATALOGUE.map((p) => [p.path, p]))('%s answers a 4xx error body', async (_path, procedure) => {
    const token = procedure.access.kind === 'public' ? undefined : await sessionFor(t, callerFor(procedure));
    const bodies: unknown[] = ['[1, 2]', '{"unterminated": ', '"a string"'];
    for (const [field, property] of Object.entries(inputProperties(procedure))) {
      bodies.push({ [field]: wrongValue(property.type) });
      bodies.push({ [field]: 'x'.repeat(20_000) });
    }
    const files = [{ name: 'a.png', content: pngImage() }];
    for (const body of bodies) {
      // Upload procedures get each malformed body twice: as JSON (refused: multipart expected) and as form fields.
      if (procedure.upload && body && typeof body === 'object') {
        const multipart = await upload(t.app, procedure.path, body as Record<string, unknown>, files, { token });
        const label = `${JSON.stringify(body).slice(0, 60)} -> ${JSON.stringify(multipart.body)}`;
        expect(multipart.status, label).toBeLessThan(500);
        expect(multipart.status, label).toBeGreaterThanOrEqual(400);
      }
      const result = await call(t.app, procedure.path, body, { token });
      expect(
        result.status,
        `${JSON.stringify(body).slice(0, 60)} -> ${JSON.stringify(result.body)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      expect(typeof result.body.error).toBe('string');
      expect(result.body.message).toBeTruthy();
    }
  });
});
