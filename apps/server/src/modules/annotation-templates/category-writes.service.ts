import {
  CATEGORY_IMAGE_FIELDS,
  type TCategoryDetail,
  type TDrawType,
  type TTaskType,
  type TTemplateContent,
} from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, ne } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { storeImage } from '../../platform/images.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import {
  assertTemplateValid,
  type CategoryRecord,
  categoryInUse,
  findCategory,
  loadCategoryDetail,
} from './templates.queries.ts';

const { annotationCategories: categories } = schema;

type ImageField = (typeof CATEGORY_IMAGE_FIELDS)[number];
const IMAGE_COLUMNS = { small_icon: 'smallIcon', big_icon: 'bigIcon', preview_image: 'previewImage' } as const;

export interface CategoryFields {
  name?: string;
  name_en?: string;
  task_type?: TTaskType;
  draw_type?: TDrawType;
  keyword?: string;
  small_icon?: string | null;
  big_icon?: string | null;
  preview_image?: string | null;
  data_field?: string;
  template_field?: string;
  template_zh?: TTemplateContent | null;
  template_en?: TTemplateContent | null;
  sort?: number;
  enabled?: boolean;
}

/** What the audit keeps of a category (images by path, templates by component count). */
function auditState(row: CategoryRecord) {
  const components = (doc: unknown) => (doc as { components?: unknown[] } | null)?.components?.length ?? null;
  return {
    name: row.name,
    name_en: row.nameEn,
    task_type: row.taskType,
    draw_type: row.drawType,
    keyword: row.keyword,
    small_icon: row.smallIcon,
    big_icon: row.bigIcon,
    preview_image: row.previewImage,
    data_field: row.dataField,
    template_field: row.templateField,
    template_zh_components: components(row.templateZh),
    template_en_components: components(row.templateEn),
    sort: row.sort,
    enabled: row.enabled,
  };
}

async function nameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId ? and(eq(categories.name, name), ne(categories.id, exceptId)) : eq(categories.name, name));
  return row !== undefined;
}

function rethrowNameTaken(error: unknown): never {
  if (uniqueViolation(error)?.startsWith('annotation_categories')) throw new AppError('category_name_taken');
  throw error;
}

/** Stores the uploaded images (before the transaction: files are content-addressed, so a retry is harmless). */
async function storedImages(ctx: TenantContext, input: CategoryFields) {
  const set: Partial<Record<(typeof IMAGE_COLUMNS)[ImageField], string | null>> = {};
  for (const field of CATEGORY_IMAGE_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    set[IMAGE_COLUMNS[field]] = value === null ? null : (await storeImage(ctx.deps.storage, 'categories', value)).url;
  }
  return set;
}

/** The starting templates must satisfy the rules of the category they start (task and draw type after the write). */
function checkStartingTemplates(
  ctx: TenantContext,
  input: CategoryFields,
  category: { task_type: TTaskType; draw_type: string },
  current?: CategoryRecord,
) {
  const zh = input.template_zh !== undefined ? input.template_zh : (current?.templateZh ?? null);
  const en = input.template_en !== undefined ? input.template_en : (current?.templateEn ?? null);
  if (zh) assertTemplateValid(zh, category, null, ctx.lang, 'template_zh');
  if (en) assertTemplateValid(en, category, null, ctx.lang, 'template_en');
}

function columns(input: CategoryFields) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.name_en !== undefined && { nameEn: input.name_en }),
    ...(input.task_type !== undefined && { taskType: input.task_type }),
    ...(input.draw_type !== undefined && { drawType: input.draw_type }),
    ...(input.keyword !== undefined && { keyword: input.keyword }),
    ...(input.data_field !== undefined && { dataField: input.data_field }),
    ...(input.template_field !== undefined && { templateField: input.template_field }),
    ...(input.template_zh !== undefined && { templateZh: input.template_zh }),
    ...(input.template_en !== undefined && { templateEn: input.template_en }),
    ...(input.sort !== undefined && { sort: input.sort }),
    ...(input.enabled !== undefined && { enabled: input.enabled }),
  };
}

/** `/template-category/create`. */
export async function createCategory(
  ctx: TenantContext,
  input: CategoryFields & { name: string; task_type: TTaskType },
): Promise<TCategoryDetail> {
  const drawType = input.draw_type ?? 'none';
  checkStartingTemplates(ctx, input, { task_type: input.task_type, draw_type: drawType });
  const images = await storedImages(ctx, input);
  const id = await ctx.db
    .transaction(async (tx) => {
      if (await nameTaken(tx, input.name)) throw new AppError('category_name_taken');
      const [created] = await tx
        .insert(categories)
        .values({ ...columns(input), ...images, name: input.name, taskType: input.task_type, drawType })
        .returning();
      await recordAudit(tx, {
        siteId: ctx.session.siteId,
        userId: ctx.session.userId,
        action: 'template_category_create',
        targetType: 'template_category',
        targetId: created!.id,
        details: { before: null, after: auditState(created!) },
        ip: ctx.ip,
      });
      return created!.id;
    })
    .catch(rethrowNameTaken);
  return loadCategoryDetail(ctx.db, id);
}

/** `/template-category/update`: task and draw type stay while the category is in use. */
export async function updateCategory(
  ctx: TenantContext,
  input: CategoryFields & { id: number },
): Promise<TCategoryDetail> {
  const current = await findCategory(ctx.db, input.id);
  if (!current) throw new AppError('not_found');
  const category = { task_type: input.task_type ?? current.taskType, draw_type: input.draw_type ?? current.drawType };
  checkStartingTemplates(ctx, input, category, current);
  const images = await storedImages(ctx, input);
  await ctx.db
    .transaction(async (tx) => {
      const before = await findCategory(tx, input.id, true);
      if (!before) throw new AppError('not_found');
      const kindChanged = category.task_type !== before.taskType || category.draw_type !== before.drawType;
      if (kindChanged && (await categoryInUse(tx, before.id))) throw new AppError('category_in_use');
      if (input.name !== undefined && (await nameTaken(tx, input.name, before.id))) {
        throw new AppError('category_name_taken');
      }
      const [after] = await tx
        .update(categories)
        .set({ ...columns(input), ...images, updatedAt: new Date() })
        .where(eq(categories.id, before.id))
        .returning();
      await recordAudit(tx, {
        siteId: ctx.session.siteId,
        userId: ctx.session.userId,
        action: 'template_category_update',
        targetType: 'template_category',
        targetId: before.id,
        details: { before: auditState(before), after: auditState(after!) },
        ip: ctx.ip,
      });
    })
    .catch(rethrowNameTaken);
  return loadCategoryDetail(ctx.db, input.id);
}

/** `/template-category/delete`: refused while templates, projects or steps use it. */
export async function deleteCategory(ctx: TenantContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await findCategory(tx, id, true);
    if (!before) throw new AppError('not_found');
    if (await categoryInUse(tx, id)) throw new AppError('category_in_use');
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      action: 'template_category_delete',
      targetType: 'template_category',
      targetId: id,
      details: { before: auditState(before), after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}
