import type { TMyQuestionReport, TQuestionReportKind } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { writeNotices } from '../../platform/notices.ts';
import { loadPassedQuestion, presentMine, reportRow } from './question-reports.queries.ts';
import { reportArrivedNotices } from './report-notices.ts';

/**
 * `/dataset-feedback/create`: a learner's correction (about a passed question of the organisation) or feedback
 * (about one, or none); the organisation's content managers are told once it is saved.
 */
export async function createQuestionReport(
  ctx: TenantContext,
  input: { kind: TQuestionReportKind; question_id?: number; content: string },
): Promise<TMyQuestionReport> {
  const { siteId, userId } = ctx.session;
  const { id, push } = await ctx.db.transaction(async (tx) => {
    if (input.question_id !== undefined) await loadPassedQuestion(tx, siteId, input.question_id);
    const [report] = await tx
      .insert(schema.questionReports)
      .values({ siteId, kind: input.kind, questionId: input.question_id ?? null, userId, content: input.content })
      .returning();
    const [reporter] = await tx
      .select({ nickname: schema.users.nickname })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    const notices = await reportArrivedNotices(tx, report!, reporter?.nickname ?? ctx.session.username);
    return { id: report!.id, push: await writeNotices(tx, siteId, notices) };
  });
  await push(ctx.deps.hub);
  return presentMine(await reportRow(ctx.db, siteId, id));
}
