import { z } from 'zod';
import { procedure } from '../procedure.ts';
import { ZCourseTaskKind } from './courses.ts';
import { ZCourseTaskState } from './courses-learning.ts';

/** An exam or practice set waiting for the learner (the to-do list). */
export const ZTodoExamItem = z.object({
  id: z.number().int(),
  name: z.string(),
  data_count: z.number().int(),
  generate_site_id: z.number().int(),
  my_join_status: z.number().int(),
  train: z.object({ id: z.number().int() }).nullable(),
  site: z.object({ name: z.string() }),
});

/** An interactive answering task waiting for the learner (the to-do list). */
export const ZTodoInteractItem = z.object({
  id: z.number().int(),
  train_id: z.number().int(),
  train: z.object({ generate_site_id: z.number().int() }),
  site: z.object({ name: z.string() }),
  interact: z.object({ name: z.string(), data_count: z.number().int() }),
});

/** A course task due within 7 days or overdue, not done and available to the learner (the to-do list). */
export const ZTodoCourseTaskItem = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: ZCourseTaskKind,
  due_at: z.string(),
  state: ZCourseTaskState,
  chapter_title: z.string(),
  course: z.object({ id: z.number().int(), name: z.string() }),
});

/** A live room of the learner's classes that is live or starts within 15 minutes (the to-do list). */
export const ZTodoLiveRoomItem = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  live: z.boolean(),
  course_name: z.string().nullable(),
});

export const todoProcedures = {
  doingWaitExamList: procedure({
    path: '/dataset-examine/doing-wait-exam-list',
    summary:
      "The caller's pending interactive answering tasks, exams, practice sets, course tasks due within 7 days or " +
      'overdue, and live rooms live or starting within 15 minutes (the to-do panel).',
    access: 'authenticated',
    input: z.object({ status: z.literal(0).default(0) }),
    output: z.object({
      interact_task_list: z.array(ZTodoInteractItem),
      examine_list: z.array(ZTodoExamItem),
      train_list: z.array(ZTodoExamItem),
      course_task_list: z.array(ZTodoCourseTaskItem),
      live_room_list: z.array(ZTodoLiveRoomItem),
    }),
  }),
} as const;

export type TodoExamItem = z.infer<typeof ZTodoExamItem>;
export type TodoInteractItem = z.infer<typeof ZTodoInteractItem>;
export type TodoCourseTaskItem = z.infer<typeof ZTodoCourseTaskItem>;
export type TodoLiveRoomItem = z.infer<typeof ZTodoLiveRoomItem>;
