// Front door of the annotation-templates module (others import it only from here). Annotation categories and templates:
// their procedures, and a category's display name for projects.

export { templateImplementations } from './annotation-templates.procedures.ts';
export { categoryName } from './templates.queries.ts';
