import { type TStepRow, ZStepConfig } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { asc, eq } from 'drizzle-orm';

const { steps, annotationTemplates } = schema;

/** `/step/list`: a project's steps in order. */
export async function stepList(db: Executor, projectId: number): Promise<TStepRow[]> {
  const rows = await db
    .select({ step: steps, templateName: annotationTemplates.name })
    .from(steps)
    .leftJoin(annotationTemplates, eq(annotationTemplates.id, steps.templateId))
    .where(eq(steps.projectId, projectId))
    .orderBy(asc(steps.seq), asc(steps.id));
  return rows.map(({ step, templateName }) => ({
    id: step.id,
    name: step.name,
    type: step.type,
    parent_step_id: step.parentStepId,
    category_id: step.categoryId,
    template_id: step.templateId,
    template_name: templateName,
    seq: step.seq,
    config: ZStepConfig.parse(step.config ?? {}),
  }));
}
