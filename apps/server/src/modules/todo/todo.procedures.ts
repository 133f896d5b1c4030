import { todoProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { listTodos } from './todo-sources.ts';

export const todoImplementations = [implement(p.doingWaitExamList, async (_input, ctx) => listTodos(ctx))];
