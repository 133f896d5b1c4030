import { type Executor, schema } from '@app/db';
import { and, eq, ne } from 'drizzle-orm';
import type { JobNotice } from '../../platform/notices.ts';
import type { QuestionReportRecord } from './question-reports.queries.ts';

/** The first characters of a report, as notices quote it. */
const EXCERPT = 30;
export const excerptOf = (content: string) => (content.length > EXCERPT ? `${content.slice(0, EXCERPT)}…` : content);

/** The active members of the organisation holding the content manager role, the reporter left out. */
async function contentManagers(tx: Executor, siteId: number, reporterId: number): Promise<number[]> {
  const { siteUsers, siteUserRoles, users } = schema;
  const rows = await tx
    .select({ userId: siteUsers.userId })
    .from(siteUserRoles)
    .innerJoin(siteUsers, eq(siteUsers.id, siteUserRoles.siteUserId))
    .innerJoin(users, eq(users.id, siteUsers.userId))
    .where(
      and(
        eq(siteUserRoles.siteId, siteId),
        eq(siteUserRoles.roleKey, 'role_content_manager'),
        eq(siteUsers.status, 'active'),
        eq(users.status, 'active'),
        ne(siteUsers.userId, reporterId),
      ),
    );
  return [...new Set(rows.map((r) => r.userId))];
}

/** "A learner reported a correction / gave feedback": one notice per content manager of the organisation. */
export async function reportArrivedNotices(
  tx: Executor,
  report: QuestionReportRecord,
  reporterName: string,
): Promise<JobNotice[]> {
  const managers = await contentManagers(tx, report.siteId, report.userId ?? 0);
  return managers.map((userId) => ({
    userId,
    kind: 'question_reported',
    params: {
      report_id: report.id,
      question_id: report.questionId,
      context: report.kind,
      user: reporterName,
      excerpt: excerptOf(report.content),
    },
  }));
}

/** "Your report was accepted / declined", with the reply, for its reporter (none when their account is gone). */
export function reportHandledNotices(report: QuestionReportRecord): JobNotice[] {
  if (report.userId === null) return [];
  return [
    {
      userId: report.userId,
      kind: 'question_report_handled',
      params: {
        report_id: report.id,
        question_id: report.questionId,
        // The text differs with the outcome, and for an acceptance with whether a reply was given.
        context: report.status === 'accepted' && report.reply ? 'accepted_reply' : report.status,
        reason: report.reply || null,
        excerpt: excerptOf(report.content),
      },
    },
  ];
}
