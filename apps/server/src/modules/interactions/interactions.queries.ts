import type { TInteractionDetail, TInteractionRow } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { type CourseCaller, type CourseNeed, requireCourse } from '../courses/index.ts';
import { loadQuestionsById } from '../question-bank/index.ts';

const { interactions } = schema;
export type InteractionRecord = typeof interactions.$inferSelect;

/** An interaction of the organisation whose course the caller may `need`, with the course; else not_found. */
export async function requireInteraction(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  id: number,
  need: CourseNeed,
) {
  const [interaction] = await db
    .select()
    .from(interactions)
    .where(and(eq(interactions.siteId, siteId), eq(interactions.id, id)));
  if (!interaction) throw new AppError('not_found');
  const { course } = await requireCourse(db, siteId, caller, interaction.courseId, need);
  return { interaction, course };
}

interface RowSql {
  id: number;
  course_id: number;
  title: string;
  items: InteractionRecord['items'];
  settings: InteractionRecord['settings'];
  updated_at: string;
  run_count: number;
  open_run_id: number | null;
}

const rowSql = (siteId: number, where: ReturnType<typeof sql>) =>
  sql`select i.id, i.course_id, i.title, i.items, i.settings, i.updated_at,
      (select count(*)::int from interaction_runs r where r.interaction_id = i.id) as run_count,
      (select max(r.id) from interaction_runs r where r.interaction_id = i.id and r.status = 'open') as open_run_id
    from interactions i where i.site_id = ${siteId} and ${where} order by i.id`;

function rowOf(row: RowSql): TInteractionRow {
  return {
    id: Number(row.id),
    course_id: Number(row.course_id),
    title: row.title,
    question_count: row.items.length,
    settings: row.settings,
    run_count: Number(row.run_count),
    open_run_id: row.open_run_id === null ? null : Number(row.open_run_id),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** `/course-interact/list`: the course's interactions in the order they were made. */
export async function interactionList(db: Executor, siteId: number, caller: CourseCaller, courseId: number) {
  const { course } = await requireCourse(db, siteId, caller, courseId, 'view');
  const rows = await queryRows<RowSql>(db, rowSql(siteId, sql`i.course_id = ${course.id}`));
  return { list: rows.map(rowOf) };
}

/** `/course-interact/detail`: the interaction with its questions' type and stem text. */
export async function interactionDetail(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  id: number,
): Promise<TInteractionDetail> {
  const { interaction } = await requireInteraction(db, siteId, caller, id, 'view');
  const [row] = await queryRows<RowSql>(db, rowSql(siteId, sql`i.id = ${interaction.id}`));
  const found = await loadQuestionsById(
    db,
    siteId,
    interaction.items.map((item) => item.question_id),
  );
  return {
    ...rowOf(row!),
    items: interaction.items.flatMap((item) => {
      const question = found.get(item.question_id);
      return question ? [{ ...item, type: question.type, stem_text: question.stemText }] : [];
    }),
  };
}
