import { type Db, schema } from '@app/db';
import { eq, inArray } from 'drizzle-orm';
import type { FileStorage } from '../../platform/storage.ts';
import { escapeHtml } from '../question-transfer/index.ts';
import { DEMO_CATEGORIES, DEMO_NODES, DEMO_QUESTIONS } from './demo-questions.ts';
import { seedDemoCourse } from './seed-demo-course.ts';
import { seedDemoExam } from './seed-demo-exam.ts';
import { seedDemoPractice } from './seed-demo-practice.ts';

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * The first demo organisation's question bank: a small category tree of passed categories, passed questions of each
 * type (two left unreviewed for the review queue), a knowledge map whose nodes the questions are linked to, two
 * labels, and one learner's correction waiting for the content manager; then the demo practice sets and activation
 * codes (seedDemoPractice), an exam whose pass earns a certificate (seedDemoExam), and an online course built of them for
 * a class of the demo student, with a pdf handout in the file store (seedDemoCourse). Runs right after the demo accounts.
 */
export async function seedDemoQuestionBank(db: Db, storage: FileStorage): Promise<number> {
  const [site] = await db.select().from(schema.sites).where(eq(schema.sites.name, '示范学院'));
  if (!site) return 0;
  const people = await db
    .select({ id: schema.users.id, username: schema.users.username })
    .from(schema.users)
    .where(inArray(schema.users.username, ['teacher', 'contentmgr', 'student']));
  const userId = (username: string) => people.find((p) => p.username === username)?.id ?? null;
  const author = userId('teacher');
  const reviewer = userId('contentmgr');
  const added = await db.transaction(async (tx) => {
    const categoryIds = new Map<string, number>();
    for (const [index, [name, parent]] of DEMO_CATEGORIES.entries()) {
      const [row] = await tx
        .insert(schema.questionCategories)
        .values({
          siteId: site.id,
          name,
          parentId: parent ? (categoryIds.get(parent) ?? null) : null,
          sort: index,
          reviewStatus: 'passed',
          reviewedBy: reviewer,
          reviewedAt: new Date(),
          createdBy: reviewer,
        })
        .returning({ id: schema.questionCategories.id });
      categoryIds.set(name, row!.id);
    }
    const [map] = await tx
      .insert(schema.knowledgeMaps)
      .values({
        siteId: site.id,
        name: '数据标注知识图谱',
        description: '数据标注员认证考试的知识点',
        categoryId: categoryIds.get('数据标注基础') ?? null,
        createdBy: reviewer,
      })
      .returning({ id: schema.knowledgeMaps.id });
    const nodeIds = new Map<string, number>();
    for (const [index, [code, name, parent, importance]] of DEMO_NODES.entries()) {
      const [row] = await tx
        .insert(schema.knowledgeNodes)
        .values({
          siteId: site.id,
          mapId: map!.id,
          parentId: parent ? (nodeIds.get(parent) ?? null) : null,
          code,
          name,
          importance,
          sort: index,
        })
        .returning({ id: schema.knowledgeNodes.id });
      nodeIds.set(code, row!.id);
    }
    const labels = await tx
      .insert(schema.knowledgeLabels)
      .values([
        { siteId: site.id, name: '高频考点', color: '#f5222d' },
        { siteId: site.id, name: '规范条款', color: '#1677ff' },
      ])
      .returning({ id: schema.knowledgeLabels.id });
    const questionIds: number[] = [];
    for (const demo of DEMO_QUESTIONS) {
      const status = demo.status ?? 'passed';
      const options = demo.options.map((text) => ({
        content: paragraph(text.replace(/^\*/, '')),
        correct: text.startsWith('*'),
      }));
      const snapshotFields = {
        type: demo.type,
        stem: paragraph(demo.stem),
        options,
        analysis: paragraph(demo.analysis),
      };
      const [question] = await tx
        .insert(schema.questions)
        .values({
          siteId: site.id,
          categoryId: categoryIds.get(demo.category)!,
          ...snapshotFields,
          stemText: demo.stem,
          difficulty: demo.difficulty,
          source: '示范学院题库',
          setter: '李老师',
          reviewStatus: status,
          reviewedBy: status === 'passed' ? reviewer : null,
          reviewedAt: status === 'passed' ? new Date() : null,
          createdBy: author,
          updatedBy: author,
        })
        .returning({ id: schema.questions.id });
      const id = question!.id;
      questionIds.push(id);
      const nodes = demo.nodes.map((code) => nodeIds.get(code)).filter((node) => node !== undefined);
      if (nodes.length > 0)
        await tx.insert(schema.questionNodes).values(nodes.map((nodeId) => ({ questionId: id, nodeId })));
      const snapshot = {
        ...snapshotFields,
        difficulty: demo.difficulty,
        category_id: categoryIds.get(demo.category)!,
        review_status: 'unreviewed',
      };
      await tx
        .insert(schema.questionRecords)
        .values({ siteId: site.id, questionId: id, action: 'create', version: 1, snapshot, userId: author });
      if (status === 'passed') {
        await tx.insert(schema.questionRecords).values({
          siteId: site.id,
          questionId: id,
          action: 'review_pass',
          version: 1,
          snapshot: { ...snapshot, review_status: 'passed' },
          userId: reviewer,
        });
      }
    }
    await tx.insert(schema.questionLabels).values([
      { questionId: questionIds[0]!, labelId: labels[0]!.id },
      { questionId: questionIds[1]!, labelId: labels[1]!.id },
      { questionId: questionIds[9]!, labelId: labels[0]!.id },
    ]);
    await tx.insert(schema.questionReports).values({
      siteId: site.id,
      kind: 'correction',
      questionId: questionIds[1]!,
      userId: userId('student'),
      content: '解析里没有说明遮挡程度分几级，建议补充。',
    });
    return questionIds.length;
  });
  await seedDemoPractice(db);
  await seedDemoExam(db);
  await seedDemoCourse(db, storage);
  return added;
}
