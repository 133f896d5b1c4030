import type { TExperimentDetail, TListInput } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { experiments, experimentSubmissions } = schema;
export type ExperimentRecord = typeof experiments.$inferSelect;

/** One experiment of the organisation, else not_found. */
export async function loadExperiment(db: Executor, siteId: number, id: number): Promise<ExperimentRecord> {
  const [row] = await db
    .select()
    .from(experiments)
    .where(and(eq(experiments.siteId, siteId), eq(experiments.id, id)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** A published experiment of the organisation (what learners may open), else not_found. */
export async function loadPublishedExperiment(db: Executor, siteId: number, id: number): Promise<ExperimentRecord> {
  const experiment = await loadExperiment(db, siteId, id);
  if (experiment.status !== 'published') throw new AppError('not_found');
  return experiment;
}

export async function submissionCount(db: Executor, siteId: number, experimentId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(experimentSubmissions)
    .where(and(eq(experimentSubmissions.siteId, siteId), eq(experimentSubmissions.experimentId, experimentId)));
  return Number(row?.n ?? 0);
}

const submissionsOf = sql<number>`(select count(*)::int from experiment_submissions s where s.experiment_id = "experiments"."id")`;

function rowOf(record: ExperimentRecord, submissions: number) {
  return {
    id: record.id,
    title: record.title,
    kind: record.kind,
    language: record.language,
    status: record.status,
    case_count: record.cases.length,
    submission_count: Number(submissions),
    created_by: record.createdBy,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

export function limitsOut(record: ExperimentRecord) {
  const { cpuMs, wallMs, memoryMb, outputKb } = record.limits;
  return { cpu_ms: cpuMs, wall_ms: wallMs, memory_mb: memoryMb, output_kb: outputKb };
}

export function detailOf(record: ExperimentRecord, submissions: number): TExperimentDetail {
  return {
    ...rowOf(record, submissions),
    instructions: record.instructions,
    starter_code: record.starterCode,
    limits: limitsOut(record),
    cases: record.cases,
  };
}

export async function experimentDetail(db: Executor, siteId: number, id: number): Promise<TExperimentDetail> {
  const record = await loadExperiment(db, siteId, id);
  return detailOf(record, await submissionCount(db, siteId, id));
}

/** What a learner sees: hidden cases without their input and expected output. */
export function studentDetailOf(record: ExperimentRecord) {
  const { submission_count: _, ...row } = rowOf(record, 0);
  return {
    ...row,
    instructions: record.instructions,
    starter_code: record.starterCode,
    limits: limitsOut(record),
    cases: record.cases.map((c, index) => ({
      index,
      hidden: c.hidden,
      weight: c.weight,
      stdin: c.hidden ? null : c.stdin,
      expected: c.hidden ? null : c.expected,
    })),
  };
}

export async function listExperiments(
  db: Executor,
  siteId: number,
  input: TListInput & { status?: 'draft' | 'published' },
) {
  const conditions: SQL[] = [eq(experiments.siteId, siteId)];
  if (input.status) conditions.push(eq(experiments.status, input.status));
  if (input.keyword?.trim()) conditions.push(sql`${experiments.title} ilike ${likePattern(input.keyword.trim())}`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ record: experiments, submissions: submissionsOf })
      .from(experiments)
      .where(where)
      .orderBy(desc(experiments.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(experiments).where(where),
  ]);
  return { list: rows.map((row) => rowOf(row.record, row.submissions)), total: Number(total?.n ?? 0) };
}
