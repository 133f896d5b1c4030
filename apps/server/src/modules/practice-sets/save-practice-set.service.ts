import type { ZPracticeSetInput } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  audienceChoice,
  chosenOf,
  replaceAudienceEntries,
  requireOwnAudience,
  requireSomebodyChosen,
} from '../audiences/index.ts';
import { poolSourcesOf, practicePoolSize, requireOwnPoolSources } from './practice-pool.queries.ts';
import { loadSet, setAuditState, setDetail } from './practice-sets.queries.ts';

type SetInput = z.output<typeof ZPracticeSetInput>;

const dedupe = (ids: number[]) => [...new Set(ids)];

function setValues(input: SetInput) {
  return {
    name: input.name,
    description: input.description,
    categoryIds: dedupe(input.category_ids),
    nodeIds: dedupe(input.node_ids),
    questionIds: dedupe(input.question_ids),
    perSession: input.per_session,
    lockCategoryId: input.lock_category_id,
    audience: input.audience,
  };
}

/** `/dataset-train/create`: a new draft set; every category, node and question must be the organisation's. */
export async function createPracticeSet(ctx: TenantContext, input: SetInput) {
  const { siteId, userId } = ctx.session;
  const id = await ctx.db.transaction(async (tx) => {
    await requireOwnPoolSources(tx, siteId, input);
    await requireOwnAudience(tx, siteId, 'practice_set', input);
    const [created] = await tx
      .insert(schema.practiceSets)
      .values({ siteId, ...setValues(input), status: 'draft', createdBy: userId })
      .returning();
    const chosen = chosenOf(input);
    await replaceAudienceEntries(tx, siteId, 'practice_set', created!.id, chosen);
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'practice_set_create',
      targetType: 'practice_set',
      targetId: created!.id,
      details: { before: null, after: setAuditState(created!, chosen) },
      ip: ctx.ip,
    });
    return created!.id;
  });
  return setDetail(ctx.db, siteId, id);
}

/**
 * `/dataset-train/update`: replaces the set's fields, whatever its status. A published set must keep a non-empty
 * pool (practice_no_questions) and a chosen audience naming somebody (audience_empty); sessions already drawn keep
 * their questions, learners who joined keep the set.
 */
export async function updatePracticeSet(ctx: TenantContext, input: SetInput & { id: number }) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadSet(tx, siteId, input.id, true);
    await requireOwnPoolSources(tx, siteId, input);
    await requireOwnAudience(tx, siteId, 'practice_set', input);
    const values = setValues(input);
    const chosen = chosenOf(input);
    if (before.status === 'published') {
      if ((await practicePoolSize(tx, siteId, poolSourcesOf(input))) === 0) throw new AppError('practice_no_questions');
      requireSomebodyChosen(input.audience, chosen);
    }
    const chosenBefore = await audienceChoice(tx, 'practice_set', before.id);
    const [after] = await tx
      .update(schema.practiceSets)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(schema.practiceSets.id, before.id))
      .returning();
    await replaceAudienceEntries(tx, siteId, 'practice_set', before.id, chosen);
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'practice_set_update',
      targetType: 'practice_set',
      targetId: before.id,
      details: { before: setAuditState(before, chosenBefore), after: setAuditState(after!, chosen) },
      ip: ctx.ip,
    });
  });
  return setDetail(ctx.db, siteId, input.id);
}
