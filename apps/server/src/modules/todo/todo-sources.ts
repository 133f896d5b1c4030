import type { ZTodoCourseTaskItem, ZTodoExamItem, ZTodoInteractItem, ZTodoLiveRoomItem } from '@app/contracts';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.ts';

export interface TodoLists {
  interact_task_list: z.input<typeof ZTodoInteractItem>[];
  examine_list: z.input<typeof ZTodoExamItem>[];
  train_list: z.input<typeof ZTodoExamItem>[];
  course_task_list: z.input<typeof ZTodoCourseTaskItem>[];
  live_room_list: z.input<typeof ZTodoLiveRoomItem>[];
}

type TodoSource = (ctx: AuthedContext) => Promise<Partial<TodoLists>>;
const sources: TodoSource[] = [];

/** Exam, course and practice modules register what a user still has to do; the to-do panel lists it. */
export function registerTodoSource(source: TodoSource): void {
  sources.push(source);
}

export async function listTodos(ctx: AuthedContext): Promise<TodoLists> {
  const lists: TodoLists = {
    interact_task_list: [],
    examine_list: [],
    train_list: [],
    course_task_list: [],
    live_room_list: [],
  };
  for (const part of await Promise.all(sources.map((source) => source(ctx)))) {
    lists.interact_task_list.push(...(part.interact_task_list ?? []));
    lists.examine_list.push(...(part.examine_list ?? []));
    lists.train_list.push(...(part.train_list ?? []));
    lists.course_task_list.push(...(part.course_task_list ?? []));
    lists.live_room_list.push(...(part.live_room_list ?? []));
  }
  return lists;
}
