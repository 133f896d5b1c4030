import { type Db, schema } from '@app/db';
import { and, asc, eq, inArray } from 'drizzle-orm';

/** The demo exam and its certificate template by name (the seed looks them up by these: a second run adds nothing). */
export const DEMO_EXAM = '数据标注基础测验';
export const DEMO_CERT_TEMPLATE = '数据标注基础证书';
/** Passed questions of the organisation on the demo paper, oldest first. */
const PAPER_SIZE = 8;
const DAY = 86_400_000;

/**
 * A certificate that can be earned out of the box: a template in the first demo organisation and a published exam for
 * all of its students (open for a year, three attempts, 60 of 100 to pass) whose pass issues it. Idempotent; answers
 * how many records it added.
 */
export async function seedDemoExam(db: Db): Promise<number> {
  const [site] = await db.select().from(schema.sites).where(eq(schema.sites.name, '示范学院'));
  if (!site) return 0;
  const [teacher] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.username, 'teacher'));
  const questions = await db
    .select({ id: schema.questions.id })
    .from(schema.questions)
    .where(and(eq(schema.questions.siteId, site.id), eq(schema.questions.reviewStatus, 'passed')))
    .orderBy(asc(schema.questions.id))
    .limit(PAPER_SIZE);
  if (questions.length === 0) return 0;
  return db.transaction(async (tx) => {
    let added = 0;
    const createdBy = teacher?.id ?? null;
    let [template] = await tx
      .select({ id: schema.certTemplates.id })
      .from(schema.certTemplates)
      .where(and(eq(schema.certTemplates.siteId, site.id), eq(schema.certTemplates.name, DEMO_CERT_TEMPLATE)));
    if (!template) {
      [template] = await tx
        .insert(schema.certTemplates)
        .values({
          siteId: site.id,
          name: DEMO_CERT_TEMPLATE,
          title: '数据标注基础合格证书',
          body: '{name} 于 {date} 通过「{subject}」，成绩 {score} 分，特发此证。',
          issuer: '示范学院',
          validMonths: 24,
          createdBy,
        })
        .returning({ id: schema.certTemplates.id });
      added += 1;
    }
    const [exam] = await tx
      .select({ id: schema.exams.id })
      .from(schema.exams)
      .where(and(eq(schema.exams.siteId, site.id), inArray(schema.exams.name, [DEMO_EXAM])));
    if (!exam) {
      const now = Date.now();
      await tx.insert(schema.exams).values({
        siteId: site.id,
        name: DEMO_EXAM,
        description: '图像与文本标注、质量与安全的基础题。通过（60 分）即获「数据标注基础合格证书」。',
        paperMode: 'fixed',
        questionIds: questions.map((q) => q.id),
        totalScore: 100,
        passScore: 60,
        durationSeconds: 20 * 60,
        attemptsAllowed: 3,
        windowStart: new Date(now - DAY),
        windowEnd: new Date(now + 365 * DAY),
        showAnalysis: true,
        certTemplateId: template!.id,
        audience: 'students',
        status: 'published',
        publishedAt: new Date(now),
        createdBy,
      });
      added += 1;
    }
    return added;
  });
}
