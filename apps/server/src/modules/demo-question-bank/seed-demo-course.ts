import { type Db, schema } from '@app/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { simplePdf } from '../../platform/simple-pdf.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { DEMO_EXAM } from './seed-demo-exam.ts';
import { DEMO_OPEN_SET } from './seed-demo-practice.ts';

/** The demo course, its class and its category by name (the seed looks them up by these: a second run adds nothing). */
export const DEMO_COURSE = '数据标注入门';
export const DEMO_CLASS = '演示一班';
export const DEMO_CLASS_CODE = 'DEMO23';
export const DEMO_COURSE_CATEGORY = '数据标注';
const DAY = 86_400_000;
/** The demo teacher's handout in the teaching-source library, shown by a week-1 material task. */
export const DEMO_HANDOUT = '矩形框标注讲义';
const HANDOUT_PAGES = [
  'Bounding boxes: a short guide',
  '1. Fit the box to the visible edges of the object.',
  '2. Leave no gap, and cut nothing off the object.',
  '3. A hidden part is not boxed: box what is visible.',
];

/** `yyyy-mm-dd` of `days` days from today (UTC). */
function dayFrom(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

/**
 * A course to open out of the box in the first demo organisation: 李老师's class 演示一班 with 张同学 in it, and an
 * online course taught to it, started a week ago, of two weekly chapters — a reading, the open practice set, a pdf
 * handout of 李老师's teaching-source library (no weight), a link, and the demo exam (weights 10 / 30 / 0 / 10 / 50); the
 * reading carries a self-test of three questions.
 * Idempotent; answers how many records it added.
 */
export async function seedDemoCourse(db: Db, storage: FileStorage): Promise<number> {
  const [site] = await db.select().from(schema.sites).where(eq(schema.sites.name, '示范学院'));
  if (!site) return 0;
  const people = await db
    .select({ id: schema.users.id, username: schema.users.username, siteUserId: schema.siteUsers.id })
    .from(schema.users)
    .innerJoin(
      schema.siteUsers,
      and(eq(schema.siteUsers.userId, schema.users.id), eq(schema.siteUsers.siteId, site.id)),
    )
    .where(inArray(schema.users.username, ['teacher', 'student']));
  const teacher = people.find((p) => p.username === 'teacher');
  const student = people.find((p) => p.username === 'student');
  const [practiceSet] = await db
    .select({ id: schema.practiceSets.id })
    .from(schema.practiceSets)
    .where(and(eq(schema.practiceSets.siteId, site.id), eq(schema.practiceSets.name, DEMO_OPEN_SET)));
  const [exam] = await db
    .select({ id: schema.exams.id })
    .from(schema.exams)
    .where(and(eq(schema.exams.siteId, site.id), eq(schema.exams.name, DEMO_EXAM)));
  if (!teacher || !student || !practiceSet || !exam) return 0;
  const [existing] = await db
    .select({ id: schema.courses.id })
    .from(schema.courses)
    .where(and(eq(schema.courses.siteId, site.id), eq(schema.courses.name, DEMO_COURSE)));
  if (existing) return 0;
  // The reading's self-test: the bank's first three passed choice questions.
  const selfTest = await db
    .select({ id: schema.questions.id })
    .from(schema.questions)
    .where(
      and(
        eq(schema.questions.siteId, site.id),
        eq(schema.questions.reviewStatus, 'passed'),
        inArray(schema.questions.type, ['single', 'multiple', 'judge']),
      ),
    )
    .orderBy(asc(schema.questions.id))
    .limit(3);

  const handout = simplePdf(HANDOUT_PAGES);
  const handoutKey = `teaching-sources/${site.id}/demo/bounding-box-guide.pdf`;
  await storage.saveFile(handoutKey, handout);

  return db.transaction(async (tx) => {
    const [source] = await tx
      .insert(schema.teachingSources)
      .values({
        siteId: site.id,
        ownerId: teacher.id,
        kind: 'document',
        title: DEMO_HANDOUT,
        fileName: 'bounding-box-guide.pdf',
        fileKey: handoutKey,
        fileSize: handout.length,
        viewKey: handoutKey,
        status: 'ready',
      })
      .returning({ id: schema.teachingSources.id });
    const [group] = await tx
      .insert(schema.groups)
      .values({ siteId: site.id, kind: 'class', name: DEMO_CLASS, joinCode: DEMO_CLASS_CODE, ownerId: teacher.id })
      .returning({ id: schema.groups.id });
    await tx
      .insert(schema.groupMembers)
      .values({ groupId: group!.id, siteUserId: student.siteUserId, kind: 'class' })
      .onConflictDoNothing();
    const [category] = await tx
      .insert(schema.courseCategories)
      .values({ siteId: site.id, name: DEMO_COURSE_CATEGORY })
      .returning({ id: schema.courseCategories.id });
    const [course] = await tx
      .insert(schema.courses)
      .values({
        siteId: site.id,
        categoryId: category!.id,
        name: DEMO_COURSE,
        description: '图像、文本标注的规范与质量要求：每周一次阅读与练习，第二周参加测验。',
        ownerId: teacher.id,
        status: 'online',
        startsOn: dayFrom(-7),
        endsOn: dayFrom(60),
      })
      .returning({ id: schema.courses.id });
    const courseId = course!.id;
    await tx.insert(schema.courseClasses).values({ courseId, groupId: group!.id, siteId: site.id });
    const chapters = await tx
      .insert(schema.courseChapters)
      .values([
        { siteId: site.id, courseId, seq: 1, title: '第 1 周', startsOn: dayFrom(-7), endsOn: dayFrom(-1) },
        { siteId: site.id, courseId, seq: 2, title: '第 2 周', startsOn: dayFrom(0), endsOn: dayFrom(6) },
      ])
      .returning({ id: schema.courseChapters.id });
    const [week1, week2] = chapters.map((c) => c.id);
    const due = (days: number) => new Date(Date.now() + days * DAY);
    await tx.insert(schema.courseTasks).values([
      {
        siteId: site.id,
        courseId,
        chapterId: week1!,
        seq: 1,
        kind: 'material',
        title: '标注规范导读',
        weight: 10,
        dueAt: due(3),
        selfTestQuestionIds: selfTest.map((q) => q.id),
        material: {
          type: 'text',
          html:
            '<h3>为什么要有标注规范</h3><p>同一批数据由多人标注，规范让每个人得到同样的结果。</p>' +
            '<h3>矩形框</h3><p>框的边缘贴合目标的可见边缘，不留空隙，也不切掉目标。</p>' +
            '<h3>文本实体</h3><p>只标出实体本身，不含前后的标点与修饰词。</p>',
        },
      },
      {
        siteId: site.id,
        courseId,
        chapterId: week1!,
        seq: 2,
        kind: 'practice',
        title: '质量与安全入门练习',
        weight: 30,
        dueAt: due(5),
        practiceSetId: practiceSet.id,
      },
      {
        siteId: site.id,
        courseId,
        chapterId: week1!,
        seq: 3,
        kind: 'material',
        title: `${DEMO_HANDOUT}（PDF）`,
        weight: 0,
        material: { type: 'source', source_id: source!.id },
      },
      {
        siteId: site.id,
        courseId,
        chapterId: week2!,
        seq: 1,
        kind: 'material',
        title: '延伸阅读：数据安全',
        weight: 10,
        material: { type: 'link', url: 'https://www.gov.cn/xinwen/2021-06/11/content_5616919.htm' },
      },
      {
        siteId: site.id,
        courseId,
        chapterId: week2!,
        seq: 2,
        kind: 'exam',
        title: DEMO_EXAM,
        weight: 50,
        dueAt: due(12),
        release: 'after_previous',
        examId: exam.id,
      },
    ]);
    return 9;
  });
}
