import { COURSE_LIMITS, type TCourseChapter, type TCourseTask } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { withSelfTestQuestions } from './course-self-test-questions.queries.ts';

const { courseChapters, courseTasks, practiceSets, exams, teachingSources, interactions, liveRooms } = schema;
export type ChapterRecord = typeof courseChapters.$inferSelect;
export type TaskRecord = typeof courseTasks.$inferSelect;

/** One chapter of the organisation, else not_found. */
export async function loadChapter(db: Executor, siteId: number, id: number): Promise<ChapterRecord> {
  const [row] = await db
    .select()
    .from(courseChapters)
    .where(and(eq(courseChapters.siteId, siteId), eq(courseChapters.id, id)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** One task of the organisation, else not_found. */
export async function loadTask(db: Executor, siteId: number, id: number): Promise<TaskRecord> {
  const [row] = await db
    .select()
    .from(courseTasks)
    .where(and(eq(courseTasks.siteId, siteId), eq(courseTasks.id, id)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** The chapter ids of a course in order. */
export async function chapterIdsInOrder(db: Executor, siteId: number, courseId: number): Promise<number[]> {
  const rows = await db
    .select({ id: courseChapters.id })
    .from(courseChapters)
    .where(and(eq(courseChapters.siteId, siteId), eq(courseChapters.courseId, courseId)))
    .orderBy(asc(courseChapters.seq), asc(courseChapters.id));
  return rows.map((row) => row.id);
}

/** The task ids of a chapter in order. */
export async function taskIdsInOrder(db: Executor, siteId: number, chapterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: courseTasks.id })
    .from(courseTasks)
    .where(and(eq(courseTasks.siteId, siteId), eq(courseTasks.chapterId, chapterId)))
    .orderBy(asc(courseTasks.seq), asc(courseTasks.id));
  return rows.map((row) => row.id);
}

/** Numbers rows 1..n in the order given (one statement). */
export async function renumber(
  db: Executor,
  siteId: number,
  table: 'course_chapters' | 'course_tasks',
  ids: readonly number[],
) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, index) => sql`(${id}::bigint, ${index + 1}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${sql.identifier(table)} set seq = v.seq, updated_at = now()
        from (values ${values}) as v(id, seq)
        where ${sql.identifier(table)}.id = v.id and ${sql.identifier(table)}.site_id = ${siteId}`,
  );
}

/** The ids with `id` taken out and put back at position `toSeq` (1-based; past the end = last). */
export function movedTo(ids: readonly number[], id: number, toSeq: number): number[] {
  const rest = ids.filter((other) => other !== id);
  const at = Math.min(Math.max(toSeq, 1), rest.length + 1) - 1;
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** A course holds at most `COURSE_LIMITS.chapters` chapters, a chapter `tasksPerChapter` tasks. */
export async function requireRoomFor(
  db: Executor,
  siteId: number,
  where: { courseId: number } | { chapterId: number },
  adding = 1,
) {
  const [found] =
    'courseId' in where
      ? await db
          .select({ n: count() })
          .from(courseChapters)
          .where(and(eq(courseChapters.siteId, siteId), eq(courseChapters.courseId, where.courseId)))
      : await db
          .select({ n: count() })
          .from(courseTasks)
          .where(and(eq(courseTasks.siteId, siteId), eq(courseTasks.chapterId, where.chapterId)));
  const max = 'courseId' in where ? COURSE_LIMITS.chapters : COURSE_LIMITS.tasksPerChapter;
  if ((found?.n ?? 0) + adding > max) {
    throw new AppError('course_limit_reached', {
      max: COURSE_LIMITS.chapters,
      max_tasks: COURSE_LIMITS.tasksPerChapter,
    });
  }
  return found?.n ?? 0;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function presentTask(row: {
  task: TaskRecord;
  setName: string | null;
  examName: string | null;
  sourceTitle: string | null;
  interactionTitle: string | null;
  liveRoom: Pick<typeof liveRooms.$inferSelect, 'id' | 'title' | 'startsAt' | 'minutes' | 'status'> | null;
}): TCourseTask {
  const { task, liveRoom } = row;
  return {
    id: task.id,
    chapter_id: task.chapterId,
    seq: task.seq,
    kind: task.kind,
    title: task.title,
    open_at: iso(task.openAt),
    due_at: iso(task.dueAt),
    weight: task.weight,
    release: task.release,
    practice_set_id: task.practiceSetId,
    practice_set_name: row.setName,
    exam_id: task.examId,
    exam_name: row.examName,
    interaction_id: task.interactionId,
    interaction_title: row.interactionTitle,
    live_room_id: task.liveRoomId,
    live_room: liveRoom && {
      id: liveRoom.id,
      title: liveRoom.title,
      starts_at: liveRoom.startsAt.toISOString(),
      minutes: liveRoom.minutes,
      status: liveRoom.status,
    },
    material: task.material,
    source_title: row.sourceTitle,
    self_test_question_ids: task.selfTestQuestionIds ?? [],
    self_test_questions: [],
  };
}

async function tasksWhere(db: Executor, siteId: number, where: SQL) {
  const rows = await db
    .select({
      task: courseTasks,
      setName: practiceSets.name,
      examName: exams.name,
      sourceTitle: teachingSources.title,
      interactionTitle: interactions.title,
      liveRoom: {
        id: liveRooms.id,
        title: liveRooms.title,
        startsAt: liveRooms.startsAt,
        minutes: liveRooms.minutes,
        status: liveRooms.status,
      },
    })
    .from(courseTasks)
    .leftJoin(practiceSets, eq(practiceSets.id, courseTasks.practiceSetId))
    .leftJoin(exams, eq(exams.id, courseTasks.examId))
    .leftJoin(interactions, eq(interactions.id, courseTasks.interactionId))
    .leftJoin(liveRooms, eq(liveRooms.id, courseTasks.liveRoomId))
    .leftJoin(
      teachingSources,
      sql`${teachingSources.id} = case when ${courseTasks.material}->>'type' = 'source'
        then (${courseTasks.material}->>'source_id')::bigint end and ${teachingSources.siteId} = ${courseTasks.siteId}`,
    )
    .where(where)
    .orderBy(asc(courseTasks.seq), asc(courseTasks.id));
  return withSelfTestQuestions(db, siteId, rows.map(presentTask));
}

/** One task as teachers see it. */
export async function taskDetail(db: Executor, siteId: number, id: number): Promise<TCourseTask> {
  const [task] = await tasksWhere(db, siteId, and(eq(courseTasks.siteId, siteId), eq(courseTasks.id, id))!);
  if (!task) throw new AppError('not_found');
  return task;
}

function presentChapter(chapter: ChapterRecord, tasks: TCourseTask[]): TCourseChapter {
  return {
    id: chapter.id,
    seq: chapter.seq,
    title: chapter.title,
    starts_on: chapter.startsOn,
    ends_on: chapter.endsOn,
    tasks,
  };
}

/** A course's chapters in order, each with its tasks in order. */
export async function courseChaptersWithTasks(db: Executor, siteId: number, courseId: number) {
  const [chapters, tasks] = await Promise.all([
    db
      .select()
      .from(courseChapters)
      .where(and(eq(courseChapters.siteId, siteId), eq(courseChapters.courseId, courseId)))
      .orderBy(asc(courseChapters.seq), asc(courseChapters.id)),
    tasksWhere(db, siteId, and(eq(courseTasks.siteId, siteId), eq(courseTasks.courseId, courseId))!),
  ]);
  return chapters.map((chapter) =>
    presentChapter(
      chapter,
      tasks.filter((task) => task.chapter_id === chapter.id),
    ),
  );
}

/** One chapter with its tasks. */
export async function chapterDetail(db: Executor, siteId: number, id: number): Promise<TCourseChapter> {
  const chapter = await loadChapter(db, siteId, id);
  return presentChapter(
    chapter,
    await tasksWhere(db, siteId, and(eq(courseTasks.siteId, siteId), eq(courseTasks.chapterId, chapter.id))!),
  );
}

/** A course's chapter and task rows in order (copying a course). */
export async function courseContentRows(db: Executor, siteId: number, courseId: number) {
  const chapters = await db
    .select()
    .from(courseChapters)
    .where(and(eq(courseChapters.siteId, siteId), eq(courseChapters.courseId, courseId)))
    .orderBy(asc(courseChapters.seq), asc(courseChapters.id));
  const tasks = await db
    .select()
    .from(courseTasks)
    .where(and(eq(courseTasks.siteId, siteId), eq(courseTasks.courseId, courseId)))
    .orderBy(asc(courseTasks.seq), asc(courseTasks.id));
  return { chapters, tasks };
}

/** How many chapters and tasks a course has. */
export async function courseContentCounts(db: Executor, siteId: number, courseId: number) {
  const [chapters] = await db
    .select({ n: count() })
    .from(courseChapters)
    .where(and(eq(courseChapters.siteId, siteId), eq(courseChapters.courseId, courseId)));
  const [tasks] = await db
    .select({ n: count() })
    .from(courseTasks)
    .where(and(eq(courseTasks.siteId, siteId), eq(courseTasks.courseId, courseId)));
  return { chapters: chapters?.n ?? 0, tasks: tasks?.n ?? 0 };
}
