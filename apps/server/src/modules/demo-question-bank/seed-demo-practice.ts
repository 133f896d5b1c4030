import { type Db, schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { generateCode } from '../cdkeys/index.ts';

/** The demo sets and code batch by name (the seed looks them up by these, so running it again adds nothing). */
export const DEMO_OPEN_SET = '质量与安全入门练习';
export const DEMO_LOCKED_SET = '标注规范认证练习';
export const DEMO_CDKEY_BATCH = '演示激活码（数据标注基础）';
/** The first-level category whose activation codes unlock the locked set. */
export const DEMO_LOCK_CATEGORY = '数据标注基础';
/** Stems of the locked set's questions: two of 图像标注 and two of 文本标注 (single choice and true/false). */
export const DEMO_LOCKED_STEMS = [
  '矩形框标注时，框的边缘应当如何放置？',
  '多边形标注的顶点越多越好。',
  '“张三在北京大学读书”中，“北京大学”应标为哪类实体？',
  '情感分类任务中，反讽句子应按字面意思标注情感。',
];
const DEMO_CODES = 10;
const DAY = 86_400_000;

/**
 * Practice for the first demo organisation, after its question bank: an open set over 质量与安全, a set of four
 * questions locked behind 数据标注基础 (learners unlock it with an activation code), and a batch of codes for that
 * category. Idempotent: what exists by name is left as it is. Answers how many records it added.
 */
export async function seedDemoPractice(db: Db): Promise<number> {
  const [site] = await db.select().from(schema.sites).where(eq(schema.sites.name, '示范学院'));
  if (!site) return 0;
  const people = await db
    .select({ id: schema.users.id, username: schema.users.username })
    .from(schema.users)
    .where(inArray(schema.users.username, ['teacher', 'manager']));
  const userId = (username: string) => people.find((p) => p.username === username)?.id ?? null;
  const categories = await db
    .select({ id: schema.questionCategories.id, name: schema.questionCategories.name })
    .from(schema.questionCategories)
    .where(eq(schema.questionCategories.siteId, site.id));
  const categoryId = (name: string) => categories.find((c) => c.name === name)?.id;
  const lockId = categoryId(DEMO_LOCK_CATEGORY);
  const openId = categoryId('质量与安全');
  if (lockId === undefined || openId === undefined) return 0;
  const questions = await db
    .select({ id: schema.questions.id, stemText: schema.questions.stemText })
    .from(schema.questions)
    .where(and(eq(schema.questions.siteId, site.id), inArray(schema.questions.stemText, DEMO_LOCKED_STEMS)));
  const questionIds = DEMO_LOCKED_STEMS.map((stem) => questions.find((q) => q.stemText === stem)?.id).filter(
    (id): id is number => id !== undefined,
  );
  return db.transaction(async (tx) => {
    let added = 0;
    const existing = await tx
      .select({ name: schema.practiceSets.name })
      .from(schema.practiceSets)
      .where(
        and(
          eq(schema.practiceSets.siteId, site.id),
          inArray(schema.practiceSets.name, [DEMO_OPEN_SET, DEMO_LOCKED_SET]),
        ),
      );
    const has = (name: string) => existing.some((row) => row.name === name);
    const createdBy = userId('teacher');
    if (!has(DEMO_OPEN_SET)) {
      await tx.insert(schema.practiceSets).values({
        siteId: site.id,
        name: DEMO_OPEN_SET,
        description: '审核、质量指标与数据安全的基础题，本机构学员均可参加。',
        categoryIds: [openId],
        perSession: 4,
        status: 'published',
        createdBy,
      });
      added += 1;
    }
    if (!has(DEMO_LOCKED_SET) && questionIds.length > 0) {
      await tx.insert(schema.practiceSets).values({
        siteId: site.id,
        name: DEMO_LOCKED_SET,
        description: `图像与文本标注的核心规范。使用「${DEMO_LOCK_CATEGORY}」的激活码解锁后可参加。`,
        questionIds,
        perSession: questionIds.length,
        status: 'published',
        lockCategoryId: lockId,
        createdBy,
      });
      added += 1;
    }
    const [batch] = await tx
      .select({ id: schema.cdkeyBatches.id })
      .from(schema.cdkeyBatches)
      .where(and(eq(schema.cdkeyBatches.siteId, site.id), eq(schema.cdkeyBatches.name, DEMO_CDKEY_BATCH)));
    if (!batch) {
      const now = Date.now();
      const [created] = await tx
        .insert(schema.cdkeyBatches)
        .values({
          siteId: site.id,
          name: DEMO_CDKEY_BATCH,
          categoryId: lockId,
          unitPriceCents: 9900,
          count: DEMO_CODES,
          validFrom: new Date(now - DAY),
          validUntil: new Date(now + 365 * DAY),
          createdBy: userId('manager'),
        })
        .returning({ id: schema.cdkeyBatches.id });
      const codes = new Set<string>();
      while (codes.size < DEMO_CODES) codes.add(generateCode());
      await tx
        .insert(schema.cdkeys)
        .values([...codes].map((code) => ({ siteId: site.id, batchId: created!.id, code })))
        .onConflictDoNothing({ target: schema.cdkeys.code });
      added += 1;
    }
    return added;
  });
}
