import type { TenantResource } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import { createCertFixture } from './certificates.ts';
import { createCourseFixture, createInteractionFixture } from './courses.ts';
import { createExamAttemptFixture } from './exam-taking.ts';
import { createPracticeFixture } from './practice.ts';
import { createProjectFixture } from './projects.ts';
import { createQuestionBankFixture } from './question-bank.ts';
import { firstMemberId } from './sessions.ts';
import type { TestApp } from './test-app.ts';

/**
 * A record of the given organisation per tenant resource kind, made (or found) for generated tests: the access tests
 * aim another organisation's records at a caller, the fuzz test its own organisation's.
 */
export const TENANT_RECORD: Record<TenantResource, (t: TestApp, siteId: number) => Promise<number>> = {
  site: async (_t, siteId) => siteId,
  user: (t, siteId) => soleMemberOf(t, siteId),
  invitation: async (t, siteId) => {
    const [created] = await t.deps.db
      .insert(schema.invitations)
      .values({
        siteId,
        token: `other-site-${Math.random().toString(36).slice(2)}`,
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning({ id: schema.invitations.id });
    return created!.id;
  },
  membership: async (t, siteId) => {
    const [membership] = await t.deps.db
      .select({ id: schema.siteUsers.id })
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.siteId, siteId))
      .limit(1);
    return membership!.id;
  },
  group: async (t, siteId) => {
    const [created] = await t.deps.db
      .insert(schema.groups)
      .values({ siteId, kind: 'team', name: 'other site team' })
      .returning({ id: schema.groups.id });
    return created!.id;
  },
  tag: async (t, siteId) => {
    const [created] = await t.deps.db
      .insert(schema.userTags)
      .values({ siteId, name: `other-${Math.random().toString(36).slice(2)}` })
      .returning({ id: schema.userTags.id });
    return created!.id;
  },
  teacher: async (t, siteId) => {
    const userId = await soleMemberOf(t, siteId);
    const [created] = await t.deps.db
      .insert(schema.teacherProfiles)
      .values({ siteId, userId })
      .onConflictDoUpdate({
        target: [schema.teacherProfiles.siteId, schema.teacherProfiles.userId],
        set: { top: false },
      })
      .returning({ id: schema.teacherProfiles.id });
    return created!.id;
  },
  teacher_notice: async (t, siteId) => {
    const [created] = await t.deps.db
      .insert(schema.teacherNotices)
      .values({ siteId, title: 'other site notice', content: 'x' })
      .returning({ id: schema.teacherNotices.id });
    return created!.id;
  },
  template: async (t, siteId) => (await projectOf(t, siteId)).templateId,
  label_dict: async (t, siteId) => {
    const [created] = await t.deps.db
      .insert(schema.labelDicts)
      .values({ siteId, name: `other-${Math.random().toString(36).slice(2, 10)}` })
      .returning({ id: schema.labelDicts.id });
    return created!.id;
  },
  project: async (t, siteId) => (await projectOf(t, siteId)).projectId,
  project_attachment: async (t, siteId) => (await projectOf(t, siteId)).attachmentId,
  data_item: async (t, siteId) => (await projectOf(t, siteId)).itemId,
  batch: async (t, siteId) => (await projectOf(t, siteId)).batchId,
  step: async (t, siteId) => (await projectOf(t, siteId)).stepId,
  task: async (t, siteId) => (await projectOf(t, siteId)).taskId,
  job: (t, siteId) =>
    once(t, `job:${siteId}`, async () => {
      const fixture = await projectOf(t, siteId);
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
    }),
  question_category: async (t, siteId) => (await questionBankOf(t, siteId)).categoryId,
  question: async (t, siteId) => (await questionBankOf(t, siteId)).questionId,
  knowledge_map: async (t, siteId) => (await questionBankOf(t, siteId)).mapId,
  knowledge_node: async (t, siteId) => (await questionBankOf(t, siteId)).nodeId,
  knowledge_label: async (t, siteId) => (await questionBankOf(t, siteId)).labelId,
  question_report: async (t, siteId) => (await questionBankOf(t, siteId)).reportId,
  practice_set: async (t, siteId) => (await practiceOf(t, siteId)).setId,
  practice_session: async (t, siteId) => (await practiceOf(t, siteId)).sessionId,
  cdkey_batch: async (t, siteId) => (await practiceOf(t, siteId)).batchId,
  cdkey: async (t, siteId) => (await practiceOf(t, siteId)).cdkeyId,
  exam: async (t, siteId) => (await createExamAttemptFixture(t, siteId)).examId,
  exam_attempt: async (t, siteId) => (await createExamAttemptFixture(t, siteId)).attemptId,
  cert_template: async (t, siteId) => (await createCertFixture(t, siteId)).templateId,
  certificate: async (t, siteId) => (await createCertFixture(t, siteId)).certificateId,
  pack: async (t, siteId) => {
    const fixture = await projectOf(t, siteId);
    const [created] = await t.deps.db
      .insert(schema.packs)
      .values({
        siteId,
        projectId: fixture.projectId,
        format: 'json',
        status: 'stopped',
      })
      .returning({ id: schema.packs.id });
    return created!.id;
  },
  course_category: async (t, siteId) => (await courseOf(t, siteId)).categoryId,
  course: async (t, siteId) => (await courseOf(t, siteId)).courseId,
  course_chapter: async (t, siteId) => (await courseOf(t, siteId)).chapterId,
  course_task: async (t, siteId) => (await courseOf(t, siteId)).taskId,
  interaction: async (t, siteId) => (await interactionOf(t, siteId)).interactionId,
  interaction_run: async (t, siteId) => (await interactionOf(t, siteId)).runId,
  live_room: async (t, siteId) => {
    const [created] = await t.deps.db
      .insert(schema.liveRooms)
      .values({
        siteId,
        title: 'fixture room',
        hostId: await firstMemberId(t, siteId),
        startsAt: new Date(),
        minutes: 45,
      })
      .returning({ id: schema.liveRooms.id });
    return created!.id;
  },
  experiment: (t, siteId) => experimentOf(t, siteId),
  experiment_submission: async (t, siteId) => {
    const [created] = await t.deps.db
      .insert(schema.experimentSubmissions)
      .values({
        siteId,
        experimentId: await experimentOf(t, siteId),
        userId: await firstMemberId(t, siteId),
        kind: 'run',
        language: 'python3',
        code: 'print(1)',
        stdin: '',
        status: 'done',
      })
      .returning({ id: schema.experimentSubmissions.id });
    return created!.id;
  },
  teaching_source: async (t, siteId) => {
    const tag = Math.random().toString(36).slice(2, 10);
    const fileKey = `teaching-sources/${siteId}/fixture-${tag}/notes.pdf`;
    const [created] = await t.deps.db
      .insert(schema.teachingSources)
      .values({
        siteId,
        ownerId: await firstMemberId(t, siteId),
        kind: 'document',
        title: `fixture ${tag}`,
        fileName: 'notes.pdf',
        fileKey,
        fileSize: 8,
        viewKey: fileKey,
        status: 'ready',
      })
      .returning({ id: schema.teachingSources.id });
    return created!.id;
  },
  teaching_source_upload: async (t, siteId) => {
    const [created] = await t.deps.db
      .insert(schema.teachingSourceUploads)
      .values({
        siteId,
        ownerId: await firstMemberId(t, siteId),
        title: 'fixture upload',
        fileName: 'notes.pdf',
        size: 8,
        partSize: 8 * 1024 * 1024,
      })
      .returning({ id: schema.teachingSourceUploads.id });
    return created!.id;
  },
};

const memo = new WeakMap<TestApp, Map<string, Promise<unknown>>>();

/** One fixture of a kind per app and organisation, made on first use. */
function once<T>(t: TestApp, key: string, make: () => Promise<T>): Promise<T> {
  const made = memo.get(t) ?? new Map<string, Promise<unknown>>();
  memo.set(t, made);
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as Promise<T>;
}

const projectOf = (t: TestApp, siteId: number) => once(t, `project:${siteId}`, () => createProjectFixture(t, siteId));
const practiceOf = (t: TestApp, siteId: number) =>
  once(t, `practice:${siteId}`, () => createPracticeFixture(t, siteId));
const courseOf = (t: TestApp, siteId: number) => once(t, `course:${siteId}`, () => createCourseFixture(t, siteId));
const interactionOf = (t: TestApp, siteId: number) =>
  once(t, `interaction:${siteId}`, async () =>
    // A course of its own: the shared one may be deleted by the course procedures' own calls before these run.
    createInteractionFixture(
      t,
      siteId,
      (await createCourseFixture(t, siteId)).courseId,
      (await questionBankOf(t, siteId)).questionId,
    ),
  );
const questionBankOf = (t: TestApp, siteId: number) =>
  once(t, `questions:${siteId}`, () => createQuestionBankFixture(t, siteId));

/** A member of the organisation who belongs to no other one and is not the super administrator. */
async function soleMemberOf(t: TestApp, siteId: number): Promise<number> {
  const { users, siteUsers } = schema;
  const [member] = await t.deps.db
    .select({ userId: siteUsers.userId })
    .from(siteUsers)
    .innerJoin(users, eq(users.id, siteUsers.userId))
    .where(
      and(
        eq(siteUsers.siteId, siteId),
        ne(users.username, 'root'),
        sql`not exists (select 1 from site_users o where o.user_id = ${siteUsers.userId} and o.site_id <> ${siteId})`,
      ),
    )
    .orderBy(siteUsers.id)
    .limit(1);
  if (!member) throw new Error(`no member of site ${siteId} belongs to it alone`);
  return member.userId;
}

/** A published Python experiment of the organisation with one visible and one hidden case. */
async function experimentOf(t: TestApp, siteId: number): Promise<number> {
  const [created] = await t.deps.db
    .insert(schema.experiments)
    .values({
      siteId,
      title: 'fixture experiment',
      kind: 'code',
      language: 'python3',
      limits: { cpuMs: 2000, wallMs: 5000, memoryMb: 256, outputKb: 64 },
      cases: [
        { stdin: '1', expected: '1', comparison: 'trim', weight: 1, hidden: false },
        { stdin: '2', expected: '2', comparison: 'trim', weight: 1, hidden: true },
      ],
      status: 'published',
    })
    .returning({ id: schema.experiments.id });
  return created!.id;
}
