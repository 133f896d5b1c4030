import { randomInt } from 'node:crypto';
import { type Executor, schema } from '@app/db';
import type { PaperEntry, QuestionType } from '@app/db/schema/index.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { blueprintCells, poolQuestionIds } from '../exams/index.ts';
import { splitPoints } from './grade-attempt.ts';
import { KEY_COUNT_SQL } from './paper-items.ts';

type ExamForPaper = Pick<
  typeof schema.exams.$inferSelect,
  | 'id'
  | 'updatedAt'
  | 'siteId'
  | 'paperMode'
  | 'questionIds'
  | 'blueprint'
  | 'totalScore'
  | 'shuffleQuestions'
  | 'shuffleOptions'
>;

/** A uniformly shuffled copy (Fisher–Yates with the crypto generator). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The order a paper shows a question's keys in: choices shuffled when the exam says so (true/false stays in
 * place); matching and ordering always shuffled, and an ordering never shown already in order.
 */
export function shownOrder(type: QuestionType, count: number, shuffleOptions: boolean): number[] {
  const natural = Array.from({ length: count }, (_, i) => i);
  if (type === 'matching') return shuffled(natural);
  if (type === 'ordering') {
    if (count < 2) return natural;
    let order = shuffled(natural);
    while (order.every((key, i) => key === i)) order = shuffled(natural);
    return order;
  }
  return shuffleOptions && type !== 'judge' ? shuffled(natural) : natural;
}

/** `count` distinct items drawn uniformly at random (partial Fisher–Yates). */
export function sample<T>(items: readonly T[], count: number): T[] {
  const out = [...items];
  const n = Math.min(count, out.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomInt(out.length - i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out.slice(0, n);
}

interface PoolQuestion {
  id: number;
  type: QuestionType;
  optionCount: number;
}

/** The questions a paper may hold: the fixed list, or per blueprint cell its pool (ids in a stable order). */
interface ExamPools {
  fixed: number[];
  cells: { count: number; ids: number[] }[];
  byId: Map<number, PoolQuestion>;
}

/**
 * Pools are shared by the candidates of an exam for POOL_TTL_MS (keyed by the exam's last update): when a class
 * starts at once, one set of pool queries serves everybody, and each candidate's draw is still their own.
 */
const POOL_TTL_MS = 10_000;
const poolCache = new Map<string, { at: number; pools: Promise<ExamPools> }>();

async function loadPools(db: Executor, exam: ExamForPaper): Promise<ExamPools> {
  const cells: ExamPools['cells'] = [];
  if (exam.paperMode === 'random' && exam.blueprint) {
    for (const cell of blueprintCells(exam.blueprint)) {
      cells.push({ count: cell.count, ids: await poolQuestionIds(db, exam.siteId, exam.blueprint, cell) });
    }
  }
  const fixed = exam.paperMode === 'fixed' ? [...new Set(exam.questionIds)] : [];
  const ids = [...new Set([...fixed, ...cells.flatMap((cell) => cell.ids)])];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: schema.questions.id,
            type: schema.questions.type,
            optionCount: KEY_COUNT_SQL,
          })
          .from(schema.questions)
          .where(and(eq(schema.questions.siteId, exam.siteId), inArray(schema.questions.id, ids)));
  return { fixed, cells, byId: new Map(rows.map((row) => [row.id, { ...row, optionCount: Number(row.optionCount) }])) };
}

function examPools(db: Executor, exam: ExamForPaper): Promise<ExamPools> {
  const now = Date.now();
  for (const [key, entry] of poolCache) if (now - entry.at > POOL_TTL_MS) poolCache.delete(key);
  const key = `${exam.id}:${exam.updatedAt.getTime()}`;
  const cached = poolCache.get(key);
  if (cached) return cached.pools;
  const pools = loadPools(db, exam);
  poolCache.set(key, { at: now, pools });
  pools.catch(() => poolCache.delete(key));
  return pools;
}

/** The question ids of a paper before shuffling: the fixed list, or per blueprint cell a random sample of its pool. */
function chooseQuestions(exam: ExamForPaper, pools: ExamPools): number[] {
  if (exam.paperMode === 'fixed') return pools.fixed.filter((id) => pools.byId.has(id));
  if (!exam.blueprint) throw new AppError('exam_no_questions');
  const chosen = new Set<number>();
  for (const cell of pools.cells) {
    const fresh = cell.ids.filter((id) => !chosen.has(id) && pools.byId.has(id));
    if (fresh.length < cell.count) throw new AppError('exam_no_questions');
    for (const id of sample(fresh, cell.count)) chosen.add(id);
  }
  return [...chosen];
}

/**
 * Draws a candidate's paper (frozen on the attempt): the questions (fixed, or sampled per blueprint cell from the
 * exam's pools, see POOL_TTL_MS), their order (shuffled when the exam says so), each question's option order
 * (`shownOrder`) and its points (see splitPoints).
 * Questions deleted since, or of another organisation, are left out; an empty paper is refused (exam_no_questions).
 */
export async function drawPaper(db: Executor, exam: ExamForPaper): Promise<PaperEntry[]> {
  const pools = await examPools(db, exam);
  const present = chooseQuestions(exam, pools);
  if (present.length === 0) throw new AppError('exam_no_questions');
  const ordered = exam.shuffleQuestions ? shuffled(present) : present;
  const points = splitPoints(exam.totalScore, ordered.length);
  return ordered.map((questionId, index) => {
    const { type, optionCount } = pools.byId.get(questionId)!;
    return { questionId, optionOrder: shownOrder(type, optionCount, exam.shuffleOptions), points: points[index]! };
  });
}
