import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ZLiveRoomStatus } from './live-rooms.ts';

/**
 * Courses, the teacher's and manager's side (`/dataset-course/...`, module 5; rules in docs/courses.md): a course of
 * the organisation has an owner, co-teachers (who may edit its chapters and tasks, or only view them) and the classes
 * it is taught to. Holders of `/dataset-course/transfer` (managers) manage every course of the organisation.
 * Draft -> online (needs a class and a task) <-> offline; any of them -> archived (read-only; copy it to teach again).
 */
export const COURSE_LIMITS = {
  name: 64,
  description: 2000,
  cover: 512,
  categoryName: 32,
  chapterTitle: 64,
  taskTitle: 64,
  chapters: 100,
  tasksPerChapter: 50,
  weeksPerCall: 52,
  teachers: 50,
  classes: 100,
  materialHtml: 20_000,
  url: 512,
  /** Seconds one progress report may add at most. */
  progressSeconds: 3600,
  /** Share of a video watched that completes its material task (documents, links and text need the whole). */
  videoDoneShare: 0.9,
  /** Questions a material task's self-test holds at most. */
  selfTestQuestions: 30,
} as const;

/** Who manages every course of the organisation: holders of this key (managers). */
export const COURSE_MANAGE_ALL_KEY = '/dataset-course/transfer';

export const COURSE_STATUSES = ['draft', 'online', 'offline', 'archived'] as const;
export const ZCourseStatus = z.enum(COURSE_STATUSES);
export type TCourseStatus = z.infer<typeof ZCourseStatus>;

export const COURSE_TASK_KINDS = [
  'material',
  'practice',
  'exam',
  'random_exam',
  'homework',
  'interact',
  'live',
] as const;
/** Kinds a task may be created with today (every kind). */
export const COURSE_TASK_KINDS_AVAILABLE = [
  'material',
  'practice',
  'exam',
  'random_exam',
  'homework',
  'interact',
  'live',
] as const;
export const ZCourseTaskKind = z.enum(COURSE_TASK_KINDS);
export type TCourseTaskKind = z.infer<typeof ZCourseTaskKind>;

export const COURSE_TASK_RELEASES = ['at_open', 'after_previous'] as const;
export const ZCourseTaskRelease = z.enum(COURSE_TASK_RELEASES);

/** The caller's part in a course: a manager of every course, its owner, a co-teacher who may edit, or one who views. */
export const COURSE_ROLES = ['manager', 'owner', 'editor', 'viewer'] as const;
export const ZCourseRole = z.enum(COURSE_ROLES);
export type TCourseRole = z.infer<typeof ZCourseRole>;

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });
export const ZCourseDate = z.iso.date();
export const ZCourseMoment = z.iso.datetime({ offset: true });

const ZCover = z
  .string()
  .trim()
  .max(COURSE_LIMITS.cover, 'validation.too_long')
  .regex(/^(https?:\/\/|\/)\S+$/, 'validation.url_format');

/** A material task's content (until teaching sources come): a web address, or rich text (sanitised on save). */
export const ZCourseMaterial = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('link'),
    url: z.url({ protocol: /^https?$/ }).max(COURSE_LIMITS.url, 'validation.too_long'),
  }),
  z.object({ type: z.literal('text'), html: z.string().max(COURSE_LIMITS.materialHtml, 'validation.too_long') }),
  /** A document or video of the teaching-source library (the task's editor's own, or any for a manager). */
  z.object({ type: z.literal('source'), source_id: z.number().int().positive() }),
]);
export type TCourseMaterial = z.infer<typeof ZCourseMaterial>;

export const ZCourseInput = z.object({
  name: z.string().trim().min(1, 'validation.required').max(COURSE_LIMITS.name, 'validation.too_long'),
  category_id: ZId.nullable().default(null),
  cover: ZCover.nullable().default(null),
  description: z.string().trim().max(COURSE_LIMITS.description, 'validation.too_long').default(''),
  starts_on: ZCourseDate.nullable().default(null),
  ends_on: ZCourseDate.nullable().default(null),
});
export type TCourseInput = z.input<typeof ZCourseInput>;

export const ZCourseRow = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string().nullable(),
  status: ZCourseStatus,
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  owner_id: z.number().int().nullable(),
  owner_name: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  class_count: z.number().int(),
  chapter_count: z.number().int(),
  task_count: z.number().int(),
  /** Students of its classes now. */
  student_count: z.number().int(),
  my_role: ZCourseRole,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCourseRow = z.infer<typeof ZCourseRow>;

/** What teachers and students both see of a task. */
export const ZCourseTaskFields = z.object({
  id: z.number().int(),
  chapter_id: z.number().int(),
  seq: z.number().int(),
  kind: ZCourseTaskKind,
  title: z.string(),
  open_at: z.string().nullable(),
  due_at: z.string().nullable(),
  weight: z.number().int(),
  release: ZCourseTaskRelease,
});

/** A live task's room (docs/courses.md, docs/live-rooms.md): its title, scheduled start and length, and state. */
export const ZCourseTaskLiveRoom = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  minutes: z.number().int(),
  status: ZLiveRoomStatus,
});

/** A task as teachers see it. */
export const ZCourseTask = ZCourseTaskFields.extend({
  practice_set_id: z.number().int().nullable(),
  practice_set_name: z.string().nullable(),
  exam_id: z.number().int().nullable(),
  exam_name: z.string().nullable(),
  /** Interact tasks: an interaction of the course. */
  interaction_id: z.number().int().nullable(),
  interaction_title: z.string().nullable(),
  /** Live tasks: a live room of the course, and the room (null once it was deleted). */
  live_room_id: z.number().int().nullable(),
  live_room: ZCourseTaskLiveRoom.nullable(),
  /** A material showing a library file: the file's title. */
  source_title: z.string().nullable(),
  material: ZCourseMaterial.nullable(),
  /** Material tasks: the questions of the self-test, in order (empty: none). */
  self_test_question_ids: z.array(z.number().int()),
  /** The same questions with the start of their text (those still there). */
  self_test_questions: z.array(z.object({ id: z.number().int(), text: z.string() })),
});
export type TCourseTask = z.infer<typeof ZCourseTask>;

export const ZCourseChapter = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  title: z.string(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  tasks: z.array(ZCourseTask),
});
export type TCourseChapter = z.infer<typeof ZCourseChapter>;

export const ZCourseDetail = ZCourseRow.extend({
  description: z.string(),
  copied_from_id: z.number().int().nullable(),
  /** Co-teachers (the owner is `owner_id`). */
  teachers: z.array(z.object({ user_id: z.number().int(), nickname: z.string(), can_edit: z.boolean() })),
  classes: z.array(z.object({ id: z.number().int(), name: z.string(), student_count: z.number().int() })),
  chapters: z.array(ZCourseChapter),
});
export type TCourseDetail = z.infer<typeof ZCourseDetail>;

const COURSE_ID = { id: 'course' } as const;

export const courseProcedures = {
  courseList: procedure({
    path: '/dataset-course/list',
    summary:
      'Courses the caller owns or co-teaches (managers: every course of the organisation), newest first; filters: ' +
      'status, category (with the categories below it), keyword on names.',
    input: ZListInput.extend({ status: ZCourseStatus.optional(), category_id: ZId.optional() }),
    output: listOutput(ZCourseRow),
    tenantIds: { category_id: 'course_category' },
  }),
  courseDetail: procedure({
    path: '/dataset-course/detail',
    summary: 'One course with its co-teachers, classes, and chapters holding their tasks in order.',
    input: z.object({ id: ZId }),
    output: ZCourseDetail,
    tenantIds: COURSE_ID,
  }),
  courseCreate: procedure({
    path: '/dataset-course/create',
    summary: 'A new draft course owned by the caller, without chapters (add weeks next); ends_on >= starts_on.',
    input: ZCourseInput,
    output: ZCourseDetail,
    tenantIds: { category_id: 'course_category' },
  }),
  courseUpdate: procedure({
    path: '/dataset-course/update',
    summary: "Replaces a course's name, category, cover, description and dates (owner or manager; not archived).",
    input: ZCourseInput.extend({ id: ZId }),
    output: ZCourseDetail,
    tenantIds: { id: 'course', category_id: 'course_category' },
  }),
  courseDelete: procedure({
    path: '/dataset-course/delete',
    summary:
      'Deletes a draft or archived course nobody has worked on (owner or manager); otherwise course_not_deletable: ' +
      'take it offline or archive it instead.',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: COURSE_ID,
  }),
  courseOnline: procedure({
    path: '/dataset-course/online',
    summary:
      "Shows a draft or offline course to its classes' students; it needs a class (course_no_classes) and a task " +
      '(course_no_tasks). Owner or manager.',
    input: z.object({ id: ZId }),
    output: ZCourseDetail,
    tenantIds: COURSE_ID,
  }),
  courseOffline: procedure({
    path: '/dataset-course/offline',
    summary: 'Hides an online course from its students without losing anything. Owner or manager.',
    input: z.object({ id: ZId }),
    output: ZCourseDetail,
    tenantIds: COURSE_ID,
  }),
  courseArchive: procedure({
    path: '/dataset-course/archive',
    summary: 'Archives a course: hidden from students and read-only (copy it to teach it again). Owner or manager.',
    input: z.object({ id: ZId }),
    output: ZCourseDetail,
    tenantIds: COURSE_ID,
  }),
  courseCopy: procedure({
    path: '/dataset-course/copy',
    summary:
      'A new draft "<name> (copy)" owned by the caller with the same category, cover, description, dates, chapters, ' +
      "tasks and teaching team (the former owner as an editor); no classes nor students' work. Anyone who may view it.",
    input: z.object({ id: ZId }),
    output: ZCourseDetail,
    tenantIds: COURSE_ID,
  }),
  courseTeachersSet: procedure({
    path: '/dataset-course/teachers-set',
    summary:
      'Replaces the co-teachers (teachers or managers of the organisation; the owner is left out); those also in ' +
      '`editor_ids` may change chapters and tasks. Owner or manager.',
    input: z.object({
      id: ZId,
      user_ids: z.array(ZId).max(COURSE_LIMITS.teachers),
      editor_ids: z.array(ZId).max(COURSE_LIMITS.teachers).default([]),
    }),
    output: ZCourseDetail,
    tenantIds: { id: 'course', user_ids: 'user', editor_ids: 'user' },
  }),
  courseClassesSet: procedure({
    path: '/dataset-course/classes-set',
    summary:
      "Replaces the classes the course is taught to (the organisation's classes); an online course keeps at least " +
      'one (course_no_classes). Owner or manager.',
    input: z.object({ id: ZId, group_ids: z.array(ZId).max(COURSE_LIMITS.classes) }),
    output: ZCourseDetail,
    tenantIds: { id: 'course', group_ids: 'group' },
  }),
  courseTransfer: procedure({
    path: COURSE_MANAGE_ALL_KEY,
    summary:
      'Gives a course to another teacher of the organisation; the former owner stays as a co-teacher who may edit. ' +
      'Holding this key makes the caller a manager of every course of the organisation.',
    input: z.object({ id: ZId, owner_id: ZId }),
    output: ZCourseDetail,
    tenantIds: { id: 'course', owner_id: 'user' },
  }),
} as const;
