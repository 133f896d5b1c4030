import { schema } from '@app/db';
import { sql } from 'drizzle-orm';
import { createExecuteJobs } from '../modules/jobs/index.ts';
import { addDataItems, userIdOf } from './project-wizard.ts';
import type { TestApp } from './test-app.ts';

const DAY = 86_400_000;

/** A template with one required radio `quality` (good / bad) and a rectangle tool with labels cat / dog. */
export const JOB_TEMPLATE = {
  version: 1,
  components: [
    { id: 'img', type: 'image' },
    {
      id: 'labels',
      type: 'tags',
      labels: [
        { name: 'cat', color: '#ff0000' },
        { name: 'dog', color: '#00ff00' },
      ],
    },
    { id: 'box', type: 'rect', shortcut: 'r' },
    {
      id: 'quality',
      type: 'radio',
      name: 'quality',
      label: 'Quality',
      required: true,
      options: [
        { value: 'good', label: 'Good' },
        { value: 'bad', label: 'Bad' },
      ],
    },
  ],
} as const;

/** A result the template accepts: one labelled box and the quality. */
export const GOOD_RESULT = {
  version: 1,
  shapes: [{ id: 's1', tool: 'box', type: 'rect', label: 'cat', x: 1, y: 2, w: 3, h: 4 }],
  fields: { quality: 'good' },
};

export interface JobFixture {
  projectId: number;
  batchId: number;
  executeStepId: number;
  executeTaskId: number;
  /** Review steps and tasks in the order asked. */
  reviewSteps: { type: string; stepId: number; taskId: number }[];
  /** Ids of the users made by `extraExecutors`, in the order made. */
  extraExecutorIds: number[];
}

/**
 * A project in progress made in the database: `items` record items in one batch, an execute step (people:
 * `executors`) and review steps under it (people: `reviewers`), tasks released with `claimSize` and `leaseSeconds`,
 * and the execute jobs created as the platform audit's approval does. `extraExecutors` makes that many more users
 * (active members of the organisation) and adds them to the execute task's people.
 */
export async function createJobFixture(
  t: TestApp,
  siteId: number,
  options: {
    items?: number;
    review?: ('audit' | 'qc' | 'acceptance')[];
    executors?: string[];
    extraExecutors?: number;
    reviewers?: string[];
    claimSize?: number;
    leaseSeconds?: number;
    config?: Record<string, unknown>;
  } = {},
): Promise<JobFixture> {
  const db = t.deps.db;
  const items = options.items ?? 3;
  const unique = Math.random().toString(36).slice(2, 10);
  const [category] = await db
    .insert(schema.annotationCategories)
    .values({ name: `jobs ${unique}`, taskType: 'image', drawType: 'rect' })
    .returning({ id: schema.annotationCategories.id });
  const [template] = await db
    .insert(schema.annotationTemplates)
    .values({ siteId, categoryId: category!.id, name: `jobs ${unique}`, content: JOB_TEMPLATE })
    .returning({ id: schema.annotationTemplates.id });
  const now = Date.now();
  const window = { startAt: new Date(now - DAY), endAt: new Date(now + 30 * DAY) };
  const [project] = await db
    .insert(schema.projects)
    .values({
      siteId,
      name: `jobs ${unique}`,
      categoryId: category!.id,
      templateId: template!.id,
      status: 'doing',
      ...window,
      itemCount: items,
      dataSource: 'manifest',
    })
    .returning({ id: schema.projects.id });
  const projectId = project!.id;
  const [batch] = await db
    .insert(schema.batches)
    .values({ siteId, projectId, name: 'B1', seq: 1, itemCount: items })
    .returning({ id: schema.batches.id });
  await addDataItems(t, siteId, projectId, items);
  await db.execute(sql`update data_items set batch_id = ${batch!.id} where project_id = ${projectId}`);
  const addStep = async (
    name: string,
    type: 'execute' | 'audit' | 'qc' | 'acceptance',
    seq: number,
    parent?: number,
  ) => {
    const [step] = await db
      .insert(schema.steps)
      .values({
        siteId,
        projectId,
        name,
        type,
        seq,
        parentStepId: parent ?? null,
        categoryId: category!.id,
        templateId: type === 'execute' ? template!.id : null,
        config: options.config ?? {},
      })
      .returning({ id: schema.steps.id });
    const [task] = await db
      .insert(schema.tasks)
      .values({
        siteId,
        projectId,
        stepId: step!.id,
        batchId: batch!.id,
        name: `${name} B1`,
        claimSize: options.claimSize ?? 2,
        leaseSeconds: options.leaseSeconds ?? 600,
        status: 'released',
        ...window,
      })
      .returning({ id: schema.tasks.id });
    return { stepId: step!.id, taskId: task!.id };
  };
  const assign = async (taskId: number, usernames: string[]) => {
    for (const username of usernames) {
      await db.insert(schema.taskPeople).values({ siteId, taskId, userId: await userIdOf(t, username) });
    }
  };
  const execute = await addStep('标注', 'execute', 1);
  await assign(execute.taskId, options.executors ?? ['annotator']);
  const extraExecutorIds = await addExtraExecutors(t, siteId, execute.taskId, options.extraExecutors ?? 0, unique);
  const reviewSteps = [];
  const names = { audit: '审核', qc: '质检', acceptance: '验收' };
  for (const [index, type] of (options.review ?? ['audit']).entries()) {
    const step = await addStep(names[type], type, index + 2, execute.stepId);
    await assign(step.taskId, options.reviewers ?? ['reviewer']);
    reviewSteps.push({ type, ...step });
  }
  await createExecuteJobs(db, projectId);
  return {
    projectId,
    batchId: batch!.id,
    executeStepId: execute.stepId,
    executeTaskId: execute.taskId,
    reviewSteps,
    extraExecutorIds,
  };
}

/** `count` new users, active members of the organisation, made people of the task; answers their ids. */
async function addExtraExecutors(t: TestApp, siteId: number, taskId: number, count: number, unique: string) {
  if (count === 0) return [];
  const users = await t.deps.db
    .insert(schema.users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `exec_${unique}_${i + 1}`,
        nickname: `Executor ${i + 1}`,
        passwordHash: 'not-a-hash',
      })),
    )
    .returning({ id: schema.users.id });
  const ids = users.map((u) => u.id);
  await t.deps.db.insert(schema.siteUsers).values(ids.map((userId) => ({ siteId, userId, status: 'active' as const })));
  await t.deps.db.insert(schema.taskPeople).values(ids.map((userId) => ({ siteId, taskId, userId })));
  return ids;
}
