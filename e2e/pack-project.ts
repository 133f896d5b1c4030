// API set-up shared by the packs and data deployment specs: an image-box project of a fresh producer of the demo
// organisation, with jobs the producer submitted (one execute step and no review, so submitted jobs are passed).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { pngImage } from '../apps/server/src/testing/media-samples.ts';
import { BASE_URL, CALL_HEADERS, call } from './support.ts';

/** Calls a procedure expecting a refusal; answers the error code and message. */
export async function refused(page: Page, path: string, data: unknown): Promise<{ error: string; message: string }> {
  const response = await page.request.post(`${BASE_URL}/api${path}`, { data, headers: CALL_HEADERS });
  const body = (await response.json()) as { error?: string; message?: string };
  assert.ok(body.error, `${path} was expected to fail`);
  return { error: body.error!, message: body.message ?? '' };
}

/** The common image-box category and its first template. */
export async function boxTemplate(page: Page): Promise<{ categoryId: number; templateId: number }> {
  const categories = await call<{ list: { id: number; task_type: string; draw_type: string }[] }>(
    page,
    '/template-category/options',
    {},
  );
  const category = categories.list.find((c) => c.task_type === 'image' && c.draw_type === 'rect');
  assert.ok(category, 'an image-box category');
  const templates = await call<{ list: { id: number }[] }>(page, '/template/options', { category_id: category.id });
  assert.ok(templates.list[0], 'an image-box template');
  return { categoryId: category.id, templateId: templates.list[0].id };
}

/** A draft project of the page's user with the image-box template set and no data. */
export async function draftBoxProject(page: Page, name: string): Promise<{ projectId: number; templateId: number }> {
  const { categoryId, templateId } = await boxTemplate(page);
  const now = Date.now();
  const project = await call<{ id: number }>(page, '/project/create', {
    name,
    category_id: categoryId,
    start_at: new Date(now - 86_400_000).toISOString(),
    end_at: new Date(now + 30 * 86_400_000).toISOString(),
    description: '端到端测试项目',
  });
  await call(page, '/project/set-template', { project_id: project.id, template_id: templateId });
  return { projectId: project.id, templateId };
}

export interface BoxProject {
  projectId: number;
  stepId: number;
  /** Boxes submitted per image, in data order. */
  boxes: number[];
}

/**
 * A project of `manager` (logged in on `managerPage`) with `boxes.length` images, released, approved by root
 * (`rootPage`), and every job submitted by the manager with `boxes[i]` boxes on image i.
 */
export async function boxProjectWithResults(
  managerPage: Page,
  rootPage: Page,
  name: string,
  boxes: number[],
): Promise<BoxProject> {
  const { projectId, templateId } = await draftBoxProject(managerPage, name);
  const form = new FormData();
  form.set('project_id', String(projectId));
  form.set('source', 'files');
  for (const [i] of boxes.entries()) {
    form.append(
      'files',
      new Blob([new Uint8Array(pngImage(64, 48, 40 + i * 30))], { type: 'image/png' }),
      `box-${i + 1}.png`,
    );
  }
  const uploaded = await managerPage.request.post(`${BASE_URL}/api/data/upload`, {
    multipart: form,
    headers: CALL_HEADERS,
  });
  const uploadBody = await uploaded.json();
  assert.equal(uploadBody.error, undefined, `/data/upload: ${JSON.stringify(uploadBody)}`);
  await call(managerPage, '/project/confirm-data', { project_id: projectId });
  await call(managerPage, '/batch/confirm', {
    project_id: projectId,
    batches: [{ name: '第1批', count: boxes.length }],
  });
  const detail = await call<{ category_id: number }>(managerPage, '/project/detail', { id: projectId });
  const steps = await call<{ list: { id: number }[] }>(managerPage, '/step/save', {
    project_id: projectId,
    steps: [{ key: 'e', name: '标注', type: 'execute', category_id: detail.category_id, template_id: templateId }],
  });
  const stepId = steps.list[0]!.id;
  const suggested = await call<{ list: Record<string, unknown>[] }>(managerPage, '/project/task-list', {
    project_id: projectId,
  });
  const saved = await call<{ list: { id: number }[] }>(managerPage, '/project/task-save', {
    project_id: projectId,
    tasks: suggested.list.map((task) => ({ ...task, claim_size: Math.max(boxes.length, 1) })),
  });
  const me = await call<{ user: { id: number } }>(managerPage, '/user/detail', {});
  await call(managerPage, '/project/people-save', {
    project_id: projectId,
    tasks: saved.list.map((task) => ({ task_id: task.id, user_ids: [me.user.id], group_ids: [] })),
  });
  await call(managerPage, '/project/publish', { id: projectId });
  await call(rootPage, '/project/audit', { id: projectId, decision: 'approve' });

  const taskId = saved.list[0]!.id;
  const claimed = await call<{ jobs: { id: number; seq: number }[] }>(managerPage, '/task/claim', { task_id: taskId });
  assert.equal(claimed.jobs.length, boxes.length);
  for (const job of [...claimed.jobs].sort((a, b) => a.seq - b.seq)) {
    const count = boxes[job.seq - 1]!;
    const shapes = Array.from({ length: count }, (_, k) => ({
      id: `s${k + 1}`,
      tool: 'box',
      type: 'rect',
      label: k % 2 ? '行人' : '汽车',
      x: 2 + k * 10,
      y: 3 + k * 5,
      w: 8,
      h: 6,
    }));
    await call(managerPage, '/task/submit', { job_id: job.id, result: { version: 1, shapes, fields: {} } });
  }
  return { projectId, stepId, boxes };
}
