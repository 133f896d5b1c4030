import { annotationTemplateProcedures as p, type TDrawType, type TTemplateContentInput } from '@app/contracts';
import { schema } from '@app/db';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { implement } from '../../platform/procedures.ts';
import { createCategory, deleteCategory, updateCategory } from './category-writes.service.ts';
import { copyTemplate, createTemplate, deleteTemplate, updateTemplate } from './template-writes.service.ts';
import {
  categoryName,
  findCategory,
  listTemplates,
  loadCategoryDetail,
  loadTemplateDetail,
  presentCategory,
  problemRows,
  ruleCategory,
  templateCountOf,
  visibleToSite,
} from './templates.queries.ts';

const { annotationCategories: categories, annotationTemplates: templates } = schema;

/** Annotation categories (platform) and templates (tenant, and common ones through platform procedures). */
export const templateImplementations = [
  implement(p.categoryList, async (input, ctx) => {
    const conditions: (SQL | undefined)[] = [];
    if (input.keyword) {
      const pattern = likePattern(input.keyword);
      conditions.push(
        or(
          sql`${categories.name} ilike ${pattern}`,
          sql`${categories.nameEn} ilike ${pattern}`,
          sql`${categories.keyword} ilike ${pattern}`,
        ),
      );
    }
    if (input.task_type) conditions.push(eq(categories.taskType, input.task_type));
    if (input.enabled !== undefined) conditions.push(eq(categories.enabled, input.enabled));
    const where = and(...conditions);
    const [rows, [counted]] = await Promise.all([
      ctx.db
        .select({ category: categories, templateCount: templateCountOf })
        .from(categories)
        .where(where)
        .orderBy(asc(categories.sort), asc(categories.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize),
      ctx.db.select({ count: sql<number>`count(*)::int` }).from(categories).where(where),
    ]);
    return {
      list: rows.map((row) => presentCategory(row.category, row.templateCount)),
      total: counted?.count ?? 0,
      page: input.page,
      pageSize: input.pageSize,
    };
  }),
  implement(p.categoryDetail, async (input, ctx) => loadCategoryDetail(ctx.db, input.id)),
  implement(p.categoryCreate, async (input, ctx) => createCategory(ctx, input)),
  implement(p.categoryUpdate, async (input, ctx) => updateCategory(ctx, input)),
  implement(p.categoryDelete, async (input, ctx) => deleteCategory(ctx, input.id)),
  implement(p.categoryOptions, async (_input, ctx) => {
    const rows = await ctx.db
      .select()
      .from(categories)
      .where(eq(categories.enabled, true))
      .orderBy(asc(categories.sort), asc(categories.id));
    return {
      list: rows.map((row) => ({
        id: row.id,
        name: categoryName(row, ctx.lang),
        task_type: row.taskType,
        draw_type: row.drawType as TDrawType,
        small_icon: row.smallIcon,
        template: ((ctx.lang === 'en-US' ? (row.templateEn ?? row.templateZh) : (row.templateZh ?? row.templateEn)) ??
          null) as TTemplateContentInput | null,
      })),
    };
  }),
  implement(p.templateList, async (input, ctx) => {
    const { list, total } = await listTemplates(ctx.db, ctx.session.siteId, ctx.lang, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.templateDetail, async (input, ctx) => loadTemplateDetail(ctx.db, ctx.session.siteId, input.id, ctx.lang)),
  implement(p.templateCreate, async (input, ctx) => createTemplate(ctx, input, 'tenant')),
  implement(p.templateUpdate, async (input, ctx) => updateTemplate(ctx, input, 'tenant')),
  implement(p.templateCopy, async (input, ctx) => copyTemplate(ctx, input)),
  implement(p.templateDelete, async (input, ctx) => deleteTemplate(ctx, input.id, 'tenant')),
  implement(p.templateValidate, async (input, ctx) => {
    const category = await findCategory(ctx.db, input.category_id);
    if (!category) throw new AppError('not_found');
    const sample = input.has_sample_image ? 'uploaded' : null;
    return { problems: problemRows(input.content, ruleCategory(category), sample, ctx.lang) };
  }),
  implement(p.templateOptions, async (input, ctx) => {
    const conditions: (SQL | undefined)[] = [visibleToSite(ctx.session.siteId)];
    if (input.category_id) conditions.push(eq(templates.categoryId, input.category_id));
    const rows = await ctx.db
      .select({ id: templates.id, name: templates.name, categoryId: templates.categoryId, siteId: templates.siteId })
      .from(templates)
      .innerJoin(categories, eq(categories.id, templates.categoryId))
      .where(and(...conditions, eq(categories.enabled, true)))
      .orderBy(sql`${isNull(templates.siteId)} desc`, asc(templates.name), asc(templates.id));
    return {
      list: rows.map((row) => ({
        id: row.id,
        name: row.name,
        category_id: row.categoryId,
        scope: row.siteId === null ? ('common' as const) : ('private' as const),
      })),
    };
  }),
  implement(p.templateCommonCreate, async (input, ctx) => createTemplate(ctx, input, 'common')),
  implement(p.templateCommonUpdate, async (input, ctx) => updateTemplate(ctx, input, 'common')),
  implement(p.templateCommonDelete, async (input, ctx) => deleteTemplate(ctx, input.id, 'common')),
];
