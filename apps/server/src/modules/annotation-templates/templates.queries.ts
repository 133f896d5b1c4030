import {
  checkTemplate,
  type TCategoryDetail,
  type TCategoryRow,
  type TDrawType,
  type TemplateCategory,
  type TTemplateDetail,
  type TTemplateProblemRow,
  type TTemplateRow,
} from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import type { Lang } from '@app/i18n';
import { translate } from '@app/i18n';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { annotationCategories: categories, annotationTemplates: templates, projects, steps } = schema;

export type CategoryRecord = typeof categories.$inferSelect;
export type TemplateRecord = typeof templates.$inferSelect;

export const categoryName = (category: Pick<CategoryRecord, 'name' | 'nameEn'>, lang: Lang) =>
  lang === 'en-US' && category.nameEn ? category.nameEn : category.name;

export const templateCountOf = sql<number>`(select count(*)::int from ${templates} where ${templates.categoryId} = ${outerColumn(categories.id)})`;

export function presentCategory(row: CategoryRecord, templateCount: number): TCategoryRow {
  return {
    id: row.id,
    name: row.name,
    name_en: row.nameEn,
    task_type: row.taskType,
    draw_type: row.drawType as TDrawType,
    keyword: row.keyword,
    small_icon: row.smallIcon,
    big_icon: row.bigIcon,
    preview_image: row.previewImage,
    data_field: row.dataField,
    template_field: row.templateField,
    sort: row.sort,
    enabled: row.enabled,
    template_count: templateCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findCategory(db: Executor, id: number, lock = false): Promise<CategoryRecord | undefined> {
  const query = db.select().from(categories).where(eq(categories.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function loadCategoryDetail(db: Executor, id: number): Promise<TCategoryDetail> {
  const [row] = await db
    .select({ category: categories, templateCount: templateCountOf })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) throw new AppError('not_found');
  return {
    ...presentCategory(row.category, row.templateCount),
    template_zh: (row.category.templateZh ?? null) as TCategoryDetail['template_zh'],
    template_en: (row.category.templateEn ?? null) as TCategoryDetail['template_en'],
  };
}

/** Whether templates, projects or steps use the category. */
export async function categoryInUse(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({
      used: sql<boolean>`exists (select 1 from ${templates} where ${templates.categoryId} = ${id})
        or exists (select 1 from ${projects} where ${projects.categoryId} = ${id})
        or exists (select 1 from ${steps} where ${steps.categoryId} = ${id})`,
    })
    .from(categories)
    .where(eq(categories.id, id));
  return Boolean(row?.used);
}

/** Whether a project or a step (of any organisation) uses the template. */
export async function templateInUse(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({
      used: sql<boolean>`exists (select 1 from ${projects} where ${projects.templateId} = ${id})
        or exists (select 1 from ${steps} where ${steps.templateId} = ${id})`,
    })
    .from(templates)
    .where(eq(templates.id, id));
  return Boolean(row?.used);
}

/** Projects of one organisation that use the template (as the project's template or a step's). */
const usedBy = (siteId: number) => sql<number>`(select count(*)::int from ${projects} p
  where p.site_id = ${siteId} and (p.template_id = ${outerColumn(templates.id)}
    or exists (select 1 from ${steps} s where s.project_id = p.id and s.template_id = ${outerColumn(templates.id)})))`;

/** Templates an organisation sees: the common ones and its own. */
export const visibleToSite = (siteId: number) => or(isNull(templates.siteId), eq(templates.siteId, siteId));

const templateColumns = (siteId: number) => ({ template: templates, category: categories, usedBy: usedBy(siteId) });

type TemplateJoin = { template: TemplateRecord; category: CategoryRecord; usedBy: number };

export function presentTemplate(row: TemplateJoin, lang: Lang): TTemplateRow {
  return {
    id: row.template.id,
    name: row.template.name,
    category_id: row.category.id,
    category_name: categoryName(row.category, lang),
    task_type: row.category.taskType,
    draw_type: row.category.drawType as TDrawType,
    scope: row.template.siteId === null ? 'common' : 'private',
    updated_at: row.template.updatedAt.toISOString(),
    used_by: row.usedBy,
  };
}

export interface TemplateFilter {
  page: number;
  pageSize: number;
  keyword?: string;
  category_id?: number;
  scope?: 'common' | 'private';
}

export async function listTemplates(db: Executor, siteId: number, lang: Lang, filter: TemplateFilter) {
  const conditions: (SQL | undefined)[] = [visibleToSite(siteId)];
  if (filter.keyword) conditions.push(sql`${templates.name} ilike ${likePattern(filter.keyword)}`);
  if (filter.category_id) conditions.push(eq(templates.categoryId, filter.category_id));
  if (filter.scope === 'common') conditions.push(isNull(templates.siteId));
  if (filter.scope === 'private') conditions.push(eq(templates.siteId, siteId));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(templateColumns(siteId))
      .from(templates)
      .innerJoin(categories, eq(categories.id, templates.categoryId))
      .where(where)
      .orderBy(sql`${templates.updatedAt} desc, ${templates.id} desc`)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(templates).where(where),
  ]);
  return { list: rows.map((row) => presentTemplate(row, lang)), total: counted?.count ?? 0 };
}

/** One template as `siteId` sees it (common or its own), for reading; else not_found. */
export async function loadTemplateDetail(
  db: Executor,
  siteId: number,
  id: number,
  lang: Lang,
): Promise<TTemplateDetail> {
  const [row] = await db
    .select(templateColumns(siteId))
    .from(templates)
    .innerJoin(categories, eq(categories.id, templates.categoryId))
    .where(and(eq(templates.id, id), visibleToSite(siteId)));
  if (!row) throw new AppError('not_found');
  return {
    ...presentTemplate(row, lang),
    content: row.template.content as TTemplateDetail['content'],
    sample_image: row.template.sampleImage,
    created_at: row.template.createdAt.toISOString(),
  };
}

/** A template record (locked when asked) if `siteId` sees it (null: a platform caller sees every one). */
export async function findTemplate(
  db: Executor,
  id: number,
  siteId: number | null,
  lock = false,
): Promise<TemplateRecord | undefined> {
  const where = siteId === null ? eq(templates.id, id) : and(eq(templates.id, id), visibleToSite(siteId));
  const query = db.select().from(templates).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export const ruleCategory = (category: CategoryRecord): TemplateCategory => ({
  task_type: category.taskType,
  draw_type: category.drawType,
});

/** The problems of a document for a category, each with its message in the caller's language. */
export function problemRows(
  content: unknown,
  category: TemplateCategory,
  sampleImage: string | null,
  lang: Lang,
): TTemplateProblemRow[] {
  return checkTemplate(content, category, { sampleImage }).problems.map((problem) => ({
    ...problem,
    message: translate(lang, `annotation-templates.problem.${problem.code}`, problem.params ?? {}),
  }));
}

/** Refuses a document that breaks the template rules: `template_invalid` with the problems in `details`. */
export function assertTemplateValid(
  content: unknown,
  category: TemplateCategory,
  sampleImage: string | null,
  lang: Lang,
  field?: string,
): void {
  const problems = problemRows(content, category, sampleImage, lang);
  if (problems.length === 0) return;
  const summary = problems.map((p) => p.message).join('; ');
  throw new AppError('template_invalid', { problems: summary }, { ...(field ? { field } : {}), problems });
}
