import { schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { mayEdit } from './questions.queries.ts';

/**
 * `/dataset-data/delete`: all or nothing. An id not of the organisation answers not_found, a question the caller
 * may not edit (not the author, not a reviewer) question_not_editable. History and links go with the question.
 */
export async function deleteQuestions(ctx: TenantContext, input: { ids: number[] }): Promise<{ count: number }> {
  const { siteId, userId } = ctx.session;
  const { questions } = schema;
  const ids = [...new Set(input.ids)];
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: questions.id, createdBy: questions.createdBy, stemText: questions.stemText })
      .from(questions)
      .where(and(eq(questions.siteId, siteId), inArray(questions.id, ids)))
      .for('update');
    if (rows.length !== ids.length) throw new AppError('not_found');
    if (!rows.every((row) => mayEdit(ctx, row))) throw new AppError('question_not_editable');
    await tx.delete(questions).where(inArray(questions.id, ids));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'question_delete',
      targetType: 'question',
      targetId: ids.length === 1 ? ids[0] : undefined,
      details: { before: rows.map((r) => ({ id: r.id, stem_text: r.stemText.slice(0, 200) })), after: null },
      ip: ctx.ip,
    });
    return { count: ids.length };
  });
}
