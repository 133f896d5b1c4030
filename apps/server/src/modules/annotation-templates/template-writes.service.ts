import { type TAuditAction, TEMPLATE_NAME_MAX, type TTemplateContent, type TTemplateDetail } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { translate } from '@app/i18n';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { storeImage } from '../../platform/images.ts';
import {
  assertTemplateValid,
  findCategory,
  findTemplate,
  loadTemplateDetail,
  ruleCategory,
  type TemplateRecord,
  templateInUse,
} from './templates.queries.ts';

const { annotationTemplates: templates } = schema;

/**
 * Who writes: `tenant` (the caller's organisation, private templates only; a common one answers forbidden) or
 * `common` (platform procedures, common templates only; a private one answers not_found).
 */
export type TemplateScope = 'tenant' | 'common';

export interface TemplateFields {
  name?: string;
  category_id?: number;
  content?: TTemplateContent;
  sample_image?: string | null;
}

function auditState(row: TemplateRecord) {
  return {
    name: row.name,
    site_id: row.siteId,
    category_id: row.categoryId,
    sample_image: row.sampleImage,
    content: row.content,
  };
}

/** The template to change, locked: visible to the caller and of the writer's scope. */
async function templateToChange(tx: Executor, ctx: TenantContext, id: number, scope: TemplateScope) {
  const row = await findTemplate(tx, id, scope === 'common' ? null : ctx.session.siteId, true);
  if (!row) throw new AppError('not_found');
  if (scope === 'tenant' && row.siteId === null) throw new AppError('forbidden');
  if (scope === 'common' && row.siteId !== null) throw new AppError('not_found');
  return row;
}

/** A category a template may be put in: tenants need an enabled one; platform callers any. */
async function usableCategory(db: Executor, id: number, scope: TemplateScope) {
  const category = await findCategory(db, id);
  if (!category || (scope === 'tenant' && !category.enabled)) throw new AppError('not_found');
  return category;
}

const sampleUrl = async (ctx: TenantContext, value: string | null | undefined) =>
  value ? (await storeImage(ctx.deps.storage, 'template-samples', value)).url : (value ?? null);

/** What the caller reads back: platform writers see the common template as any organisation does. */
const readBack = (ctx: TenantContext, id: number) => loadTemplateDetail(ctx.db, ctx.session.siteId, id, ctx.lang);

async function audit(
  ctx: TenantContext,
  tx: Executor,
  action: TAuditAction,
  id: number,
  before: TemplateRecord | null,
  after: TemplateRecord | null,
) {
  await recordAudit(tx, {
    siteId: ctx.session.siteId,
    userId: ctx.session.userId,
    action,
    targetType: 'template',
    targetId: id,
    details: { before: before && auditState(before), after: after && auditState(after) },
    ip: ctx.ip,
  });
}

/** `/template/create` (private) and `/template/common-create`. */
export async function createTemplate(
  ctx: TenantContext,
  input: Required<Omit<TemplateFields, 'sample_image'>> & Pick<TemplateFields, 'sample_image'>,
  scope: TemplateScope,
): Promise<TTemplateDetail> {
  const category = await usableCategory(ctx.db, input.category_id, scope);
  const sample = await sampleUrl(ctx, input.sample_image);
  assertTemplateValid(input.content, ruleCategory(category), sample, ctx.lang);
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(templates)
      .values({
        siteId: scope === 'common' ? null : ctx.session.siteId,
        categoryId: category.id,
        name: input.name,
        content: input.content,
        sampleImage: sample,
        createdBy: ctx.session.userId,
      })
      .returning();
    await audit(
      ctx,
      tx,
      scope === 'common' ? 'template_common_create' : 'template_create',
      created!.id,
      null,
      created!,
    );
    return created!.id;
  });
  return readBack(ctx, id);
}

/** `/template/update` and `/template/common-update`: absent fields stay; the result is checked whole. */
export async function updateTemplate(
  ctx: TenantContext,
  input: TemplateFields & { id: number },
  scope: TemplateScope,
): Promise<TTemplateDetail> {
  const sample = input.sample_image === undefined ? undefined : await sampleUrl(ctx, input.sample_image);
  await ctx.db.transaction(async (tx) => {
    const before = await templateToChange(tx, ctx, input.id, scope);
    const categoryId = input.category_id ?? before.categoryId;
    if (categoryId !== before.categoryId && (await templateInUse(tx, before.id))) {
      throw new AppError('template_in_use');
    }
    const category = await usableCategory(tx, categoryId, categoryId === before.categoryId ? 'common' : scope);
    const content = input.content ?? before.content;
    const sampleImage = sample === undefined ? before.sampleImage : sample;
    assertTemplateValid(content, ruleCategory(category), sampleImage, ctx.lang);
    const [after] = await tx
      .update(templates)
      .set({
        name: input.name ?? before.name,
        categoryId,
        content,
        sampleImage,
        updatedAt: new Date(),
      })
      .where(eq(templates.id, before.id))
      .returning();
    await audit(ctx, tx, scope === 'common' ? 'template_common_update' : 'template_update', before.id, before, after!);
  });
  return readBack(ctx, input.id);
}

/** `/template/copy`: a common or own template into a new private template of the caller's organisation. */
export async function copyTemplate(ctx: TenantContext, input: { id: number; name?: string }): Promise<TTemplateDetail> {
  const id = await ctx.db.transaction(async (tx) => {
    const source = await findTemplate(tx, input.id, ctx.session.siteId);
    if (!source) throw new AppError('not_found');
    const suffix = translate(ctx.lang, 'annotation-templates.copy_suffix');
    const name = input.name ?? `${source.name.slice(0, TEMPLATE_NAME_MAX - suffix.length)}${suffix}`;
    const [created] = await tx
      .insert(templates)
      .values({
        siteId: ctx.session.siteId,
        categoryId: source.categoryId,
        name,
        content: source.content,
        sampleImage: source.sampleImage,
        createdBy: ctx.session.userId,
      })
      .returning();
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      action: 'template_copy',
      targetType: 'template',
      targetId: created!.id,
      details: { before: null, after: { ...auditState(created!), copied_from: source.id } },
      ip: ctx.ip,
    });
    return created!.id;
  });
  return readBack(ctx, id);
}

/** `/template/delete` and `/template/common-delete`: refused while a project or step uses the template. */
export async function deleteTemplate(ctx: TenantContext, id: number, scope: TemplateScope) {
  await ctx.db.transaction(async (tx) => {
    const before = await templateToChange(tx, ctx, id, scope);
    if (await templateInUse(tx, before.id)) throw new AppError('template_in_use');
    await tx.delete(templates).where(eq(templates.id, before.id));
    await audit(ctx, tx, scope === 'common' ? 'template_common_delete' : 'template_delete', before.id, before, null);
  });
  return { ok: true as const };
}
