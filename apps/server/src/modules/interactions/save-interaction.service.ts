import type { TInteractionDetail, TInteractionItem, TInteractionSettings } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireEditableCourse } from '../courses/index.ts';
import { requireUsableQuestions } from './interaction-questions.queries.ts';
import { interactionDetail, requireInteraction } from './interactions.queries.ts';

const { interactions, interactionRuns } = schema;

interface InteractionInput {
  title: string;
  items: TInteractionItem[];
  settings: TInteractionSettings;
}

const valuesOf = (input: InteractionInput) => ({
  title: input.title,
  items: input.items.map((item) => ({ question_id: item.question_id, seconds: item.seconds, points: item.points })),
  settings: { ...input.settings },
});

/** `/course-interact/create`: an interaction of a course the caller may edit, of usable questions. */
export async function createInteraction(
  ctx: TenantContext,
  input: InteractionInput & { course_id: number },
): Promise<TInteractionDetail> {
  const { siteId, userId } = ctx.session;
  const course = await requireEditableCourse(ctx.db, siteId, ctx.session, input.course_id);
  await requireUsableQuestions(
    ctx.db,
    siteId,
    userId,
    input.items.map((item) => item.question_id),
  );
  const [created] = await ctx.db
    .insert(interactions)
    .values({ siteId, courseId: course.id, createdBy: userId, ...valuesOf(input) })
    .returning({ id: interactions.id });
  return interactionDetail(ctx.db, siteId, ctx.session, created!.id);
}

/** `/course-interact/update`: runs already started keep their own copy. */
export async function updateInteraction(
  ctx: TenantContext,
  input: InteractionInput & { id: number },
): Promise<TInteractionDetail> {
  const { siteId, userId } = ctx.session;
  const { interaction } = await requireInteraction(ctx.db, siteId, ctx.session, input.id, 'edit');
  await requireEditableCourse(ctx.db, siteId, ctx.session, interaction.courseId);
  await requireUsableQuestions(
    ctx.db,
    siteId,
    userId,
    input.items.map((item) => item.question_id),
  );
  await ctx.db
    .update(interactions)
    .set({ ...valuesOf(input), updatedAt: new Date() })
    .where(eq(interactions.id, interaction.id));
  return interactionDetail(ctx.db, siteId, ctx.session, interaction.id);
}

/** `/course-interact/delete`: with its past runs; refused while one is open. */
export async function deleteInteraction(ctx: TenantContext, id: number): Promise<{ ok: true }> {
  const { siteId } = ctx.session;
  const { interaction } = await requireInteraction(ctx.db, siteId, ctx.session, id, 'edit');
  const [open] = await ctx.db
    .select({ id: interactionRuns.id })
    .from(interactionRuns)
    .where(and(eq(interactionRuns.interactionId, interaction.id), eq(interactionRuns.status, 'open')));
  if (open) throw new AppError('interaction_running');
  await ctx.db.delete(interactions).where(eq(interactions.id, interaction.id));
  return { ok: true };
}
