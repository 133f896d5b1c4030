import type { TBlueprintCell } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { type Lang, translate } from '@app/i18n';
import { and, eq, inArray, or } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { AudienceChoice } from '../audiences/index.ts';
import { requireSomebodyChosen } from '../audiences/index.ts';
import { countPoolByCell } from './blueprint-pool.queries.ts';
import type { ExamRecord } from './exams.queries.ts';

type Checked = Pick<
  ExamRecord,
  | 'paperMode'
  | 'questionIds'
  | 'blueprint'
  | 'totalScore'
  | 'passScore'
  | 'durationSeconds'
  | 'attemptsAllowed'
  | 'windowStart'
  | 'windowEnd'
  | 'audience'
>;

/** The configuration checks every save runs: pass score ≤ total, duration > 0, window end > start, attempts ≥ 1. */
export function checkConfig(exam: Checked): void {
  if (!(exam.passScore >= 0) || exam.passScore > exam.totalScore) {
    throw new AppError('exam_pass_score_invalid', { total: exam.totalScore });
  }
  if (!(exam.durationSeconds > 0)) throw new AppError('exam_duration_invalid');
  if (!(exam.windowEnd.getTime() > exam.windowStart.getTime())) throw new AppError('exam_window_invalid');
  if (!(exam.attemptsAllowed >= 1)) throw new AppError('exam_attempts_invalid');
}

/** The blueprint's cells with the passed questions needed and available (empty for all-zero type ratios). */
export async function blueprintCheck(db: Executor, siteId: number, blueprint: NonNullable<Checked['blueprint']>) {
  const cells: TBlueprintCell[] = (await countPoolByCell(db, siteId, blueprint)).map((c) => ({
    type: c.type,
    difficulty: c.difficulty,
    needed: c.count,
    available: c.available,
  }));
  return { cells, feasible: cells.length > 0 && cells.every((c) => c.available >= c.needed) };
}

/** "单选题·简单：需要 3，现有 1", in the caller's language. */
export function describeCell(lang: Lang, cell: TBlueprintCell): string {
  return translate(lang, 'exams.cell_short', {
    type: translate(lang, `exams.type_${cell.type}`),
    difficulty: translate(lang, `exams.difficulty_${cell.difficulty ?? 'any'}`),
    needed: cell.needed,
    available: cell.available,
  });
}

/**
 * Everything publishing needs: the configuration checks, the audience (a chosen one names somebody), then the paper.
 * A fixed paper has at least one question, each of the organisation and passed or in a private category of one of
 * `authorIds` (the caller and the exam's creator: `/self-data/category`) — exam_questions_not_passed names the
 * others; a random paper has type ratios not all zero and every blueprint cell has enough passed questions
 * (exam_blueprint_short names each short cell, with the cells in the details).
 */
export async function checkPublishable(
  db: Executor,
  siteId: number,
  exam: Checked,
  chosen: AudienceChoice,
  lang: Lang,
  authorIds: number[],
): Promise<void> {
  checkConfig(exam);
  requireSomebodyChosen(exam.audience, chosen);
  if (exam.paperMode === 'fixed') {
    if (exam.questionIds.length === 0) throw new AppError('exam_paper_empty');
    const { questions, questionCategories } = schema;
    const passed = await db
      .select({ id: questions.id })
      .from(questions)
      .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
      .where(
        and(
          eq(questions.siteId, siteId),
          inArray(questions.id, exam.questionIds),
          or(eq(questions.reviewStatus, 'passed'), inArray(questionCategories.ownerId, authorIds)),
        ),
      );
    const ok = new Set(passed.map((q) => q.id));
    const bad = exam.questionIds.filter((id) => !ok.has(id));
    if (bad.length > 0) throw new AppError('exam_questions_not_passed', { ids: bad.join(', ') }, { question_ids: bad });
    return;
  }
  const blueprint = exam.blueprint;
  const ratios = blueprint ? Object.values(blueprint.typeRatios) : [];
  if (!blueprint || ratios.every((r) => !(r > 0))) throw new AppError('exam_blueprint_empty');
  const { cells } = await blueprintCheck(db, siteId, blueprint);
  const short = cells.filter((c) => c.available < c.needed);
  if (short.length > 0) {
    throw new AppError(
      'exam_blueprint_short',
      { cells: short.map((c) => describeCell(lang, c)).join(lang === 'zh-CN' ? '；' : '; ') },
      { cells: short },
    );
  }
}
