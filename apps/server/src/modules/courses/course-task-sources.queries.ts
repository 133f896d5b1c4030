import { COURSE_TASK_KINDS_AVAILABLE, type TCourseMaterial, type TCourseTaskKind } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { requireOwnRecords } from '../../platform/own-records.ts';
import { sanitiseQuestionHtml } from '../question-bank/index.ts';

const AVAILABLE: readonly TCourseTaskKind[] = COURSE_TASK_KINDS_AVAILABLE;

/**
 * What a task of `kind` points at, checked: the practice set, exam, interaction and live room given must be the
 * organisation's (else
 * not_found, whatever the kind); the kind must be one tasks can be made of today (course_task_kind_unavailable);
 * practice needs a set, exam a fixed-paper exam, random exam a random-paper one, material a link, text that is
 * not empty once sanitised, or a library file the editor may use (`sourceUsable`: their own, any for a manager),
 * interact an interaction of the course `courseId`, live a live room of that course (course_task_source_wrong).
 * Sources a kind does not use are dropped.
 */
export async function taskSource(
  db: Executor,
  siteId: number,
  courseId: number,
  input: {
    kind: TCourseTaskKind;
    practice_set_id: number | null;
    exam_id: number | null;
    interaction_id: number | null;
    live_room_id: number | null;
    material: TCourseMaterial | null;
  },
  sourceUsable: (sourceId: number) => Promise<boolean>,
): Promise<{
  practiceSetId: number | null;
  examId: number | null;
  interactionId: number | null;
  liveRoomId: number | null;
  material: TCourseMaterial | null;
}> {
  await requireOwnRecords(db, siteId, schema.practiceSets, [input.practice_set_id]);
  await requireOwnRecords(db, siteId, schema.exams, [input.exam_id]);
  await requireOwnRecords(db, siteId, schema.interactions, [input.interaction_id]);
  await requireOwnRecords(db, siteId, schema.liveRooms, [input.live_room_id]);
  if (!AVAILABLE.includes(input.kind)) throw new AppError('course_task_kind_unavailable', {}, { kind: input.kind });
  const none = { practiceSetId: null, examId: null, interactionId: null, liveRoomId: null, material: null };
  if (input.kind === 'interact') {
    if (input.interaction_id === null) throw new AppError('course_task_source_wrong');
    const [interaction] = await db
      .select({ courseId: schema.interactions.courseId })
      .from(schema.interactions)
      .where(eq(schema.interactions.id, input.interaction_id));
    if (interaction?.courseId !== courseId) throw new AppError('course_task_source_wrong');
    return { ...none, interactionId: input.interaction_id };
  }
  if (input.kind === 'live') {
    if (input.live_room_id === null) throw new AppError('course_task_source_wrong');
    const [room] = await db
      .select({ courseId: schema.liveRooms.courseId })
      .from(schema.liveRooms)
      .where(eq(schema.liveRooms.id, input.live_room_id));
    if (room?.courseId !== courseId) throw new AppError('course_task_source_wrong');
    return { ...none, liveRoomId: input.live_room_id };
  }
  if (input.kind === 'practice') {
    if (input.practice_set_id === null) throw new AppError('course_task_source_wrong');
    return { ...none, practiceSetId: input.practice_set_id };
  }
  if (input.kind === 'exam' || input.kind === 'random_exam' || input.kind === 'homework') {
    if (input.exam_id === null) throw new AppError('course_task_source_wrong');
    const [exam] = await db
      .select({ paperMode: schema.exams.paperMode, kind: schema.exams.kind })
      .from(schema.exams)
      .where(and(eq(schema.exams.siteId, siteId), eq(schema.exams.id, input.exam_id)));
    // Exam tasks a fixed-paper exam, random exam tasks a random-paper one, homework tasks a homework.
    const fits =
      input.kind === 'homework'
        ? exam?.kind === 'homework'
        : exam?.kind === 'exam' && exam.paperMode === (input.kind === 'exam' ? 'fixed' : 'random');
    if (!fits) throw new AppError('course_task_source_wrong');
    return { ...none, examId: input.exam_id };
  }
  const material = input.material;
  if (material === null) throw new AppError('course_task_source_wrong');
  if (material.type === 'link') return { ...none, material: { type: 'link', url: material.url } };
  if (material.type === 'source') {
    if (!(await sourceUsable(material.source_id))) throw new AppError('course_task_source_wrong');
    return { ...none, material: { type: 'source', source_id: material.source_id } };
  }
  const html = sanitiseQuestionHtml(material.html);
  if (html === '') throw new AppError('course_task_source_wrong');
  return { ...none, material: { type: 'text', html } };
}
