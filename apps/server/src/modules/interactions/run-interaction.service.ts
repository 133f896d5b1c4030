import type { TInteractionRunMode, TRunLive } from '@app/contracts';
import { queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireCourse } from '../courses/index.ts';
import { pushToStudents, scheduleDeadline } from './interaction-push.ts';
import { requireInteraction } from './interactions.queries.ts';
import { stateNow } from './run-state.ts';
import { liveView, loadRun } from './run-views.queries.ts';

const { interactionRuns } = schema;

/**
 * `/course-interact/start`: a run for classes of the course (online); one open run at a time. Live: nothing sent
 * yet. Self-paced: every question open at once from now, until the sum of their seconds (no limit when one has none).
 */
export async function startRun(
  ctx: TenantContext,
  input: { id: number; class_ids: number[]; mode: TInteractionRunMode },
): Promise<TRunLive> {
  const { siteId, userId } = ctx.session;
  const { interaction, course } = await requireInteraction(ctx.db, siteId, ctx.session, input.id, 'edit');
  if (course.status !== 'online') throw new AppError('interaction_course_offline');
  const classIds = [...new Set(input.class_ids)];
  const taught = await queryRows<{ group_id: number }>(
    ctx.db,
    sql`select group_id from course_classes where site_id = ${siteId} and course_id = ${course.id}`,
  );
  const ofCourse = new Set(taught.map((row) => Number(row.group_id)));
  if (classIds.some((id) => !ofCourse.has(id))) throw new AppError('not_found');
  const run = await ctx.db.transaction(async (tx) => {
    // The open-run check and the insert hold the interaction's row: two starts at once make one run.
    await tx
      .select({ id: schema.interactions.id })
      .from(schema.interactions)
      .where(eq(schema.interactions.id, interaction.id))
      .for('update');
    const [open] = await tx
      .select({ id: interactionRuns.id })
      .from(interactionRuns)
      .where(and(eq(interactionRuns.interactionId, interaction.id), eq(interactionRuns.status, 'open')));
    if (open) throw new AppError('interaction_running');
    const [created] = await tx
      .insert(interactionRuns)
      .values({
        siteId,
        interactionId: interaction.id,
        courseId: course.id,
        title: interaction.title,
        items: interaction.items,
        settings: interaction.settings,
        classIds,
        startedBy: userId,
        ...(input.mode === 'self_paced' ? selfPacedOpening(interaction.items, new Date()) : {}),
      })
      .returning();
    return created!;
  });
  const live = await liveView(ctx.db, run);
  if (run.mode === 'self_paced') {
    // Pages already open (the to-do panel's) learn at once that every question is open.
    await pushToStudents(ctx.deps, run, {
      event: 'question',
      index: -1,
      question: null,
      remaining_ms: live.remaining_ms,
    });
    scheduleDeadline(ctx.deps, run);
  }
  return live;
}

/** A self-paced run's columns at its start: open now, until the sum of the questions' seconds (none when one is 0). */
function selfPacedOpening(items: readonly { seconds: number }[], now: Date) {
  const unlimited = items.some((item) => item.seconds === 0);
  const seconds = items.reduce((sum, item) => sum + item.seconds, 0);
  return {
    mode: 'self_paced' as const,
    questionState: 'open' as const,
    questionOpenedAt: now,
    questionDeadline: unlimited ? null : new Date(now.getTime() + seconds * 1000),
  };
}

/** The run, locked, when the caller may run its course and it is still open. */
async function openRunForTeacher(ctx: TenantContext, tx: TenantContext['db'], runId: number) {
  const run = await loadRun(tx, ctx.session.siteId, runId, true);
  await requireCourse(tx, ctx.session.siteId, ctx.session, run.courseId, 'edit');
  if (run.status !== 'open') throw new AppError('interaction_run_ended');
  return run;
}

/** `/course-interact/send`: the question at `index` becomes current and open; its clock starts now. */
export async function sendQuestion(ctx: TenantContext, input: { run_id: number; index: number }): Promise<TRunLive> {
  const run = await ctx.db.transaction(async (tx) => {
    const open = await openRunForTeacher(ctx, tx, input.run_id);
    if (open.mode === 'self_paced') throw new AppError('interaction_self_paced');
    const item = open.items[input.index];
    if (!item) throw new AppError('interaction_index_wrong');
    const now = new Date();
    const [sent] = await tx
      .update(interactionRuns)
      .set({
        currentIndex: input.index,
        questionState: 'open',
        questionOpenedAt: now,
        questionDeadline: item.seconds > 0 ? new Date(now.getTime() + item.seconds * 1000) : null,
      })
      .where(eq(interactionRuns.id, open.id))
      .returning();
    return sent!;
  });
  const live = await liveView(ctx.db, run);
  await pushToStudents(ctx.deps, run, {
    event: 'question',
    index: run.currentIndex,
    question: live.question,
    remaining_ms: live.remaining_ms,
  });
  scheduleDeadline(ctx.deps, run);
  return live;
}

/**
 * `/course-interact/close` and `/course-interact/reveal`: the current question (self-paced: every question) stops
 * taking answers (and shows its key).
 */
export async function closeQuestion(ctx: TenantContext, input: { run_id: number }, reveal: boolean): Promise<TRunLive> {
  const run = await ctx.db.transaction(async (tx) => {
    const open = await openRunForTeacher(ctx, tx, input.run_id);
    const state = stateNow(open, new Date());
    if (state === 'idle') throw new AppError('interaction_no_question');
    if (!reveal && state !== 'open') return open;
    const [closed] = await tx
      .update(interactionRuns)
      .set({ questionState: reveal ? 'revealed' : 'closed', questionDeadline: null })
      .where(eq(interactionRuns.id, open.id))
      .returning();
    return closed!;
  });
  scheduleDeadline(ctx.deps, run);
  await pushToStudents(ctx.deps, run, { event: reveal ? 'revealed' : 'closed', index: run.currentIndex });
  return liveView(ctx.db, run);
}

/** `/course-interact/end`: the run ends (its open question closes); its record stays. */
export async function endRun(ctx: TenantContext, input: { run_id: number }): Promise<TRunLive> {
  const run = await ctx.db.transaction(async (tx) => {
    const open = await openRunForTeacher(ctx, tx, input.run_id);
    const [ended] = await tx
      .update(interactionRuns)
      .set({
        status: 'ended',
        endedAt: new Date(),
        questionState: stateNow(open, new Date()) === 'open' ? 'closed' : open.questionState,
        questionDeadline: null,
      })
      .where(eq(interactionRuns.id, open.id))
      .returning();
    return ended!;
  });
  scheduleDeadline(ctx.deps, run);
  await pushToStudents(ctx.deps, run, { event: 'ended', index: run.currentIndex });
  return liveView(ctx.db, run);
}

/** `/course-interact/live`: for whoever may view the run's course. */
export async function runLive(ctx: TenantContext, runId: number): Promise<TRunLive> {
  const run = await loadRun(ctx.db, ctx.session.siteId, runId);
  await requireCourse(ctx.db, ctx.session.siteId, ctx.session, run.courseId, 'view');
  return liveView(ctx.db, run);
}
