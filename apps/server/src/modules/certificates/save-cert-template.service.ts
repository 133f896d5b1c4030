import type { TCertTemplateInput } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { templateDetail } from './certificates.queries.ts';

type TemplateValues = Required<{ [K in keyof TCertTemplateInput]: Exclude<TCertTemplateInput[K], undefined> }>;

function columns(input: TemplateValues) {
  return {
    name: input.name,
    title: input.title,
    body: input.body,
    issuer: input.issuer,
    validMonths: input.valid_months,
  };
}

/** `/dataset-cert-code/create`. */
export async function createCertTemplate(ctx: TenantContext, input: TemplateValues) {
  const { siteId, userId } = ctx.session;
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.certTemplates)
      .values({ siteId, createdBy: userId, ...columns(input) })
      .returning({ id: schema.certTemplates.id });
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'cert_template_create',
      targetType: 'cert_template',
      targetId: row!.id,
      details: { before: null, after: { ...input } },
      ip: ctx.ip,
    });
    return row!.id;
  });
  return templateDetail(ctx.db, siteId, id);
}

/** `/dataset-cert-code/update`: a template of the organisation (not_found otherwise). */
export async function updateCertTemplate(ctx: TenantContext, input: TemplateValues & { id: number }) {
  const { siteId, userId } = ctx.session;
  const before = await templateDetail(ctx.db, siteId, input.id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(schema.certTemplates)
      .set({ ...columns(input), updatedAt: sql`now()` })
      .where(and(eq(schema.certTemplates.siteId, siteId), eq(schema.certTemplates.id, input.id)));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'cert_template_update',
      targetType: 'cert_template',
      targetId: input.id,
      details: { before, after: { ...input } },
      ip: ctx.ip,
    });
  });
  return templateDetail(ctx.db, siteId, input.id);
}

/**
 * `/dataset-cert-code/delete`: only while no certificate uses the template (cert_template_in_use with the count);
 * the foreign key (on delete restrict) backs this up against a certificate issued meanwhile.
 */
export async function deleteCertTemplate(ctx: TenantContext, id: number) {
  const { siteId, userId } = ctx.session;
  const before = await templateDetail(ctx.db, siteId, id);
  if (before.issued_count > 0) throw new AppError('cert_template_in_use', { count: before.issued_count });
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .delete(schema.certTemplates)
        .where(and(eq(schema.certTemplates.siteId, siteId), eq(schema.certTemplates.id, id)));
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'cert_template_delete',
        targetType: 'cert_template',
        targetId: id,
        details: { before, after: null },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('cert_template_in_use', { count: 1 });
    throw error;
  }
  return { id };
}

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: string }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
