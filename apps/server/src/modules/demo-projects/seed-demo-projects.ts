import { type Db, schema } from '@app/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { toneWav } from '../../platform/media-encoders.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { createExecuteJobs } from '../jobs/index.ts';
import { faceImage, pointCloudPcd, SAMPLE_TEXTS, sampleVideo, sceneImage } from './sample-media.ts';

type Kind = (typeof schema.dataItems.$inferInsert)['kind'];
interface SampleItem {
  name: string;
  kind: Kind;
  bytes?: Buffer;
  payload?: Record<string, unknown>;
}
interface DemoProject {
  name: string;
  /** The category's task type and, where several share it, a word its draw type contains. */
  taskType: string;
  drawHint?: string;
  items: () => SampleItem[];
}

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    name: '街景车辆框选',
    taskType: 'image',
    drawHint: 'rect',
    items: () => range(12).map((i) => ({ name: `street-${i}.png`, kind: 'image', bytes: sceneImage(i) })),
  },
  {
    name: '道路区域分割',
    taskType: 'image',
    drawHint: 'polygon',
    items: () => range(4).map((i) => ({ name: `road-${i}.png`, kind: 'image', bytes: sceneImage(20 + i) })),
  },
  {
    name: '人脸关键点',
    taskType: 'image',
    drawHint: 'keypoint',
    items: () => range(6).map((i) => ({ name: `face-${i}.png`, kind: 'image', bytes: faceImage(i) })),
  },
  {
    name: '新闻实体标注',
    taskType: 'text',
    drawHint: 'entit',
    items: () =>
      SAMPLE_TEXTS.zh.map((text, i) => ({ name: `news-${i + 1}.txt`, kind: 'text', bytes: Buffer.from(text, 'utf8') })),
  },
  {
    name: '客服语音转写',
    taskType: 'audio',
    items: () =>
      range(4).map((i) => ({
        name: `call-${i}.wav`,
        kind: 'audio',
        bytes: toneWav([
          { hz: 300 + i * 60, seconds: 1.2 },
          { hz: 520 + i * 40, seconds: 1.6 },
          { hz: 410, seconds: 0.8 },
        ]),
      })),
  },
  {
    name: '路口视频跟踪',
    taskType: 'video',
    items: () => range(2).map((i) => ({ name: `crossing-${i}.webm`, kind: 'video', bytes: sampleVideo() })),
  },
  {
    name: '点云车辆3D框',
    taskType: 'point_cloud',
    items: () => range(3).map((i) => ({ name: `lidar-${i}.pcd`, kind: 'point_cloud', bytes: pointCloudPcd(i) })),
  },
  {
    name: '商品信息表单',
    taskType: 'form',
    items: () =>
      ['蓝牙耳机', '保温杯', '机械键盘', '台灯'].map((title, i) => ({
        name: `product-${i + 1}`,
        kind: 'record',
        payload: { title, price: 99 + i * 50, text: `${title}：请核对商品名称、类目与价格。` },
      })),
  },
];

const DAY = 86_400_000;

/**
 * One ready project per kind of media in the first demo organisation (status doing: two batches, an execute and
 * an audit step, tasks given to the demo annotator and reviewer), with real sample files in the file store.
 * Runs right after the demo organisations are seeded; skips a project whose category has no common template.
 */
export async function seedDemoProjects(db: Db, storage: FileStorage): Promise<number> {
  const site = await one(db.select().from(schema.sites).where(eq(schema.sites.name, '示范学院')));
  const people = await db
    .select({ id: schema.users.id, username: schema.users.username })
    .from(schema.users)
    .where(inArray(schema.users.username, ['producer', 'teamadmin', 'annotator', 'reviewer']));
  const userId = (username: string) => people.find((p) => p.username === username)?.id ?? null;
  if (!site) return 0;
  let created = 0;
  for (const demo of DEMO_PROJECTS) {
    const template = await commonTemplateFor(db, demo);
    if (!template) continue;
    const items = demo.items();
    const now = Date.now();
    await db.transaction(async (tx) => {
      const [project] = await tx
        .insert(schema.projects)
        .values({
          siteId: site.id,
          name: demo.name,
          categoryId: template.categoryId,
          templateId: template.id,
          status: 'doing',
          wizardStep: 8,
          startAt: new Date(now - DAY),
          endAt: new Date(now + 60 * DAY),
          description: `${demo.name}（示例项目）`,
          dataSource: items[0]?.bytes ? 'files' : 'manifest',
          itemCount: items.length,
          totalBytes: items.reduce((sum, item) => sum + (item.bytes?.length ?? 0), 0),
          batchesConfirmedAt: new Date(now),
          leaderId: userId('teamadmin'),
          creatorId: userId('producer'),
          publisherId: userId('producer'),
          releasedAt: new Date(now),
        })
        .returning({ id: schema.projects.id });
      const projectId = project!.id;
      const half = Math.ceil(items.length / 2);
      const splits = [items.slice(0, half), items.slice(half)].filter((part) => part.length > 0);
      const steps = await tx
        .insert(schema.steps)
        .values([
          {
            siteId: site.id,
            projectId,
            name: '标注',
            type: 'execute',
            categoryId: template.categoryId,
            templateId: template.id,
            seq: 1,
          },
        ])
        .returning({ id: schema.steps.id });
      const [audit] = await tx
        .insert(schema.steps)
        .values({ siteId: site.id, projectId, name: '审核', type: 'audit', parentStepId: steps[0]!.id, seq: 2 })
        .returning({ id: schema.steps.id });
      let seq = 0;
      for (const [index, part] of splits.entries()) {
        const [batch] = await tx
          .insert(schema.batches)
          .values({
            siteId: site.id,
            projectId,
            name: `第${index + 1}批`,
            seq: index + 1,
            itemCount: part.length,
            totalBytes: part.reduce((sum, item) => sum + (item.bytes?.length ?? 0), 0),
          })
          .returning({ id: schema.batches.id });
        for (const item of part) {
          seq += 1;
          const filePath = item.bytes ? `projects/${projectId}/items/${seq}-${item.name}` : null;
          if (filePath && item.bytes) await storage.saveFile(filePath, item.bytes);
          await tx.insert(schema.dataItems).values({
            siteId: site.id,
            projectId,
            batchId: batch!.id,
            seq,
            kind: item.kind,
            name: item.name,
            filePath,
            payload: item.payload ?? null,
            size: item.bytes?.length ?? 0,
          });
        }
        for (const [stepId, stepName, person] of [
          [steps[0]!.id, '标注', 'annotator'],
          [audit!.id, '审核', 'reviewer'],
        ] as const) {
          const [task] = await tx
            .insert(schema.tasks)
            .values({
              siteId: site.id,
              projectId,
              stepId,
              batchId: batch!.id,
              name: `${stepName} · 第${index + 1}批`,
              claimSize: 2,
              leaseSeconds: 1800,
              startAt: new Date(now - DAY),
              endAt: new Date(now + 60 * DAY),
              status: 'released',
            })
            .returning({ id: schema.tasks.id });
          const personId = userId(person);
          if (personId)
            await tx.insert(schema.taskPeople).values({ siteId: site.id, taskId: task!.id, userId: personId });
        }
      }
      await createExecuteJobs(tx, projectId);
    });
    created += 1;
  }
  return created;
}

async function commonTemplateFor(db: Db, demo: DemoProject) {
  const rows = await db
    .select({
      id: schema.annotationTemplates.id,
      categoryId: schema.annotationTemplates.categoryId,
      drawType: schema.annotationCategories.drawType,
    })
    .from(schema.annotationTemplates)
    .innerJoin(schema.annotationCategories, eq(schema.annotationCategories.id, schema.annotationTemplates.categoryId))
    .where(
      and(isNull(schema.annotationTemplates.siteId), eq(schema.annotationCategories.taskType, demo.taskType as never)),
    )
    .orderBy(schema.annotationTemplates.id);
  return rows.find((row) => !demo.drawHint || row.drawType.includes(demo.drawHint)) ?? rows[0] ?? null;
}

async function one<T>(rows: Promise<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}
