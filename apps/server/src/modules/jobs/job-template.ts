import { resultProblems, type TAnnotationResult, type TTemplateContent, ZTemplateContent } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { type Lang, translate } from '@app/i18n';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

/** The template a step's work is done with: the step's own, else the project's (review steps: their execute step's). */
export async function templateOfStep(db: Executor, stepId: number): Promise<TTemplateContent | null> {
  const [row] = await queryRows<{ content: unknown }>(
    db,
    sql`select t.content from steps s join projects p on p.id = s.project_id
      left join steps parent on parent.id = s.parent_step_id
      join annotation_templates t on t.id = coalesce(s.template_id, parent.template_id, p.template_id)
      where s.id = ${stepId}`,
  );
  const parsed = ZTemplateContent.safeParse(row?.content);
  return parsed.success ? parsed.data : null;
}

/** Refuses a result that breaks its template's rules: `result_invalid` with the problems (messages in `lang`). */
export function assertResultValid(template: TTemplateContent | null, result: TAnnotationResult, lang: Lang): void {
  const problems = resultProblems(template ?? { version: 1, components: [] }, result).map((problem) => ({
    ...problem,
    message: translate(lang, `annotation-templates.result_problem.${problem.code}`, problem.params ?? {}),
  }));
  if (problems.length === 0) return;
  throw new AppError('result_invalid', { problems: problems.map((p) => p.message).join('; ') }, { problems });
}
