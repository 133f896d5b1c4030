// Front door of the todo module (others import it only from here). The to-do panel: its procedure, and the registry
// modules add their to-dos to.

export { todoImplementations } from './todo.procedures.ts';
export { registerTodoSource } from './todo-sources.ts';
