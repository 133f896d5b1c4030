import type { ZExamInput } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { ExamBlueprint } from '@app/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireOwnRecords } from '../../platform/own-records.ts';
import { audienceChoice, chosenOf, replaceAudienceEntries, requireOwnAudience } from '../audiences/index.ts';
import { requireOwnBlueprintSources } from './blueprint-sources.ts';
import { examAttemptCount, examAuditState, examDetail, loadExam } from './exams.queries.ts';
import { checkPublishable } from './publish-checks.ts';

type ExamInput = z.output<typeof ZExamInput>;

/** Every category, node, question and template the input names belongs to the organisation, else not_found. */
async function requireOwnReferences(db: Executor, siteId: number, input: ExamInput) {
  await requireOwnRecords(db, siteId, schema.questionCategories, [input.category_id]);
  if (input.blueprint) await requireOwnBlueprintSources(db, siteId, input.blueprint);
  await requireOwnRecords(db, siteId, schema.questions, input.question_ids);
  await requireOwnRecords(db, siteId, schema.certTemplates, [input.cert_template_id]);
  await requireOwnAudience(db, siteId, 'exam', input);
}

function parseTime(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new AppError('exam_window_invalid');
  return date;
}

export function blueprintIn(b: ExamInput['blueprint']): ExamBlueprint | null {
  return (
    b && {
      total: b.total,
      typeRatios: b.type_ratios,
      difficultyRatios: b.difficulty_ratios,
      categoryIds: [...new Set(b.category_ids)],
      nodeIds: [...new Set(b.node_ids)],
    }
  );
}

/**
 * Homework keeps its due time inside the window (homework_due_wrong) and is timed by the window alone (the attempt's
 * deadline is the window's end); an exam has neither a due time nor a late penalty.
 */
function handInRules(input: ExamInput, windowStart: Date, windowEnd: Date) {
  if (input.kind === 'exam') return { dueAt: null, latePenalty: 0, durationSeconds: input.duration_seconds };
  const dueAt = input.due_at === null ? null : parseTime(input.due_at);
  if (dueAt === null || dueAt < windowStart || dueAt > windowEnd) throw new AppError('homework_due_wrong');
  const windowSeconds = Math.ceil((windowEnd.getTime() - windowStart.getTime()) / 1000);
  return { dueAt, latePenalty: input.late_penalty, durationSeconds: Math.max(1, windowSeconds) };
}

function examValues(input: ExamInput) {
  const windowStart = parseTime(input.window_start);
  const windowEnd = parseTime(input.window_end);
  return {
    name: input.name,
    kind: input.kind,
    ...handInRules(input, windowStart, windowEnd),
    description: input.description,
    categoryId: input.category_id,
    paperMode: input.paper_mode,
    questionIds: [...new Set(input.question_ids)],
    blueprint: blueprintIn(input.blueprint),
    totalScore: input.total_score,
    passScore: input.pass_score,
    attemptsAllowed: input.attempts_allowed,
    windowStart,
    windowEnd,
    sort: input.sort,
    priceCents: input.price_cents,
    shuffleQuestions: input.shuffle_questions,
    shuffleOptions: input.shuffle_options,
    partialCredit: input.partial_credit,
    blindMarking: input.blind_marking,
    secondMarkingShare: input.second_marking_share,
    showAnalysis: input.show_analysis,
    // Homework is handed in over days: nobody watches it being written.
    liveInvigilation: input.kind === 'exam' && input.live_invigilation,
    // The screen is shared only to invigilators: without live invigilation it is stored off.
    invigilationScreen: input.kind === 'exam' && input.live_invigilation && input.invigilation_screen,
    certTemplateId: input.cert_template_id,
    audience: input.audience,
  };
}

/** `/dataset-examine/create`: a new draft; the publishing checks wait for publish. */
export async function createExam(ctx: TenantContext, input: ExamInput) {
  const { siteId, userId } = ctx.session;
  const id = await ctx.db.transaction(async (tx) => {
    await requireOwnReferences(tx, siteId, input);
    const [created] = await tx
      .insert(schema.exams)
      .values({ siteId, ...examValues(input), status: 'draft', createdBy: userId })
      .returning();
    const chosen = chosenOf(input);
    await replaceAudienceEntries(tx, siteId, 'exam', created!.id, chosen);
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'exam_create',
      targetType: 'exam',
      targetId: created!.id,
      details: { before: null, after: examAuditState(created!, chosen) },
      ip: ctx.ip,
    });
    return created!.id;
  });
  return examDetail(ctx.db, siteId, id);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `/dataset-examine/update`: replaces the fields. Once an attempt exists the paper (mode, questions, blueprint) and
 * the scoring (total, pass score, partial credit) stay as they were (exam_has_attempts): results must stay
 * comparable. A published exam must keep passing the publishing checks. The audience may change at any time
 * (whoever has an attempt keeps the exam: docs/exams.md "Audience").
 */
export async function updateExam(ctx: TenantContext, input: ExamInput & { id: number }) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadExam(tx, siteId, input.id, true);
    await requireOwnReferences(tx, siteId, input);
    const values = examValues(input);
    const changesPaper =
      values.paperMode !== before.paperMode ||
      !sameJson(values.questionIds, before.questionIds) ||
      !sameJson(values.blueprint, before.blueprint) ||
      values.totalScore !== before.totalScore ||
      values.passScore !== before.passScore ||
      values.partialCredit !== before.partialCredit;
    if (changesPaper && (await examAttemptCount(tx, before.id)) > 0) throw new AppError('exam_has_attempts');
    const chosen = chosenOf(input);
    if (before.status === 'published') {
      const authors = [ctx.session.userId, ...(before.createdBy === null ? [] : [before.createdBy])];
      await checkPublishable(tx, siteId, values, chosen, ctx.lang, authors);
    }
    const chosenBefore = await audienceChoice(tx, 'exam', before.id);
    const [after] = await tx
      .update(schema.exams)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(schema.exams.id, before.id))
      .returning();
    await replaceAudienceEntries(tx, siteId, 'exam', before.id, chosen);
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'exam_update',
      targetType: 'exam',
      targetId: before.id,
      details: { before: examAuditState(before, chosenBefore), after: examAuditState(after!, chosen) },
      ip: ctx.ip,
    });
  });
  return examDetail(ctx.db, siteId, input.id);
}
