import type { TReviewSwitches } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

const { settings } = schema;

/** The setting keys of the review gates (built-in platform rows in `seed-settings.ts`, organisations' own rows). */
const KEYS = ['question_review', 'project_audit', 'project_audit_optional'] as const;
type Key = (typeof KEYS)[number];

/**
 * The review gates of an organisation. Question review is the organisation's own: its `question_review` row, else
 * the platform's, else on. The project audit is the platform's gate: the platform's `project_audit` row decides,
 * and an organisation's own row counts only while the platform's `project_audit_optional` is on. A switch is off
 * only when its value is '0'.
 */
export async function reviewSwitches(db: Executor, siteId: number): Promise<TReviewSwitches> {
  const rows = await db
    .select({ siteId: settings.siteId, key: settings.key, value: settings.value })
    .from(settings)
    .where(and(inArray(settings.key, [...KEYS]), or(eq(settings.siteId, siteId), isNull(settings.siteId))));
  const platform = (key: Key) => rows.find((r) => r.key === key && r.siteId === null)?.value;
  const own = (key: Key) => rows.find((r) => r.key === key && r.siteId === siteId)?.value;
  const optional = platform('project_audit_optional') === '1';
  return {
    question_review: (own('question_review') ?? platform('question_review')) !== '0',
    project_audit: ((optional ? own('project_audit') : undefined) ?? platform('project_audit')) !== '0',
    project_audit_optional: optional,
  };
}

/**
 * `/site/my-reviews-update`: the caller's organisation turns its reviews on or off (its own setting rows). The
 * project audit may be turned off only where the platform allows it (`project_audit_not_optional`); turning it on
 * is always allowed. Audited as `review_switches_update` with before and after; settings feed `/user/detail`,
 * so every instance drops its cached answers.
 */
export async function saveReviewSwitches(
  ctx: TenantContext,
  input: { question_review?: boolean; project_audit?: boolean },
): Promise<TReviewSwitches> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await reviewSwitches(tx, siteId);
    if (input.project_audit === false && !before.project_audit_optional) {
      throw new AppError('project_audit_not_optional');
    }
    const changes = (['question_review', 'project_audit'] as const).filter((key) => input[key] !== undefined);
    for (const key of changes) {
      const value = input[key] ? '1' : '0';
      await tx
        .insert(settings)
        .values({ siteId, key, name: key, value, valueType: 'boolean', description: 'Set by the organisation' })
        .onConflictDoUpdate({ target: [settings.siteId, settings.key], set: { value, valueType: 'boolean' } });
    }
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'review_switches_update',
      targetType: 'site',
      targetId: siteId,
      details: { before, after: await reviewSwitches(tx, siteId) },
      ip: ctx.ip,
    });
  });
  await ctx.deps.hub.broadcastToInstances({ kind: 'access_changed' });
  return reviewSwitches(ctx.db, siteId);
}
