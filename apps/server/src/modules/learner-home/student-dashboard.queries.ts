import { LEARNER_HOME_LIMITS, type TRecentExam, type TStudentDashboard } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { myWrongBook } from '../practice/index.ts';
import { progressShare, setProgress } from './set-progress.queries.ts';

const { practiceSets, practiceJoins, practiceSessions, examAttempts, exams, certificates, sites } = schema;

/** Joined published sets with the least progress first (ties: the newest join first). */
async function nextSets(db: Executor, siteId: number, userId: number) {
  const joined = await db
    .select({ set: practiceSets })
    .from(practiceJoins)
    .innerJoin(practiceSets, eq(practiceSets.id, practiceJoins.setId))
    .where(
      and(eq(practiceJoins.siteId, siteId), eq(practiceJoins.userId, userId), eq(practiceSets.status, 'published')),
    )
    .orderBy(desc(practiceJoins.joinedAt), desc(practiceSets.id));
  const rows = [];
  for (const { set } of joined) rows.push(await setProgress(db, siteId, userId, set));
  const ordered = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => progressShare(a.row) - progressShare(b.row) || a.index - b.index)
    .map(({ row }) => row);
  return { joined: joined.length, next: ordered.slice(0, LEARNER_HOME_LIMITS.nextSets) };
}

async function recentPractice(db: Executor, siteId: number, userId: number) {
  const rows = await db
    .select({ session: practiceSessions, setName: practiceSets.name })
    .from(practiceSessions)
    .leftJoin(practiceSets, eq(practiceSets.id, practiceSessions.setId))
    .where(and(eq(practiceSessions.siteId, siteId), eq(practiceSessions.userId, userId)))
    .orderBy(desc(practiceSessions.startedAt), desc(practiceSessions.id))
    .limit(LEARNER_HOME_LIMITS.recent);
  return rows.map(({ session, setName }) => {
    const total = session.questionIds.length;
    return {
      id: session.id,
      set_name: setName,
      source: session.source,
      total,
      answered_count: session.answeredCount,
      correct_count: session.correctCount,
      score: total ? Math.round((session.correctCount / total) * 100) : 0,
      started_at: session.startedAt.toISOString(),
      finished_at: session.finishedAt ? session.finishedAt.toISOString() : null,
    };
  });
}

/** Read only: the exam module owns these tables; only graded attempts with a score count. */
async function recentExams(db: Executor, siteId: number, userId: number): Promise<TRecentExam[]> {
  const rows = await db
    .select({
      id: examAttempts.id,
      examId: examAttempts.examId,
      name: exams.name,
      score: examAttempts.score,
      totalScore: exams.totalScore,
      passed: examAttempts.passed,
      submittedAt: examAttempts.submittedAt,
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(and(eq(examAttempts.siteId, siteId), eq(examAttempts.userId, userId), eq(examAttempts.status, 'graded')))
    .orderBy(desc(examAttempts.submittedAt), desc(examAttempts.id))
    .limit(LEARNER_HOME_LIMITS.recent);
  return rows.map((row) => ({
    id: row.id,
    exam_id: row.examId,
    exam_name: row.name,
    score: Number(row.score ?? 0),
    total_score: Number(row.totalScore),
    passed: row.passed === true,
    submitted_at: row.submittedAt ? row.submittedAt.toISOString() : null,
  }));
}

/** `/user/index-student`: the learner's figures in the current organisation. */
export async function studentDashboard(db: Executor, siteId: number, userId: number): Promise<TStudentDashboard> {
  const [site] = await db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.id, siteId));
  if (!site) throw new AppError('not_found');
  const [sets, book, practice, examRows, [certs]] = await Promise.all([
    nextSets(db, siteId, userId),
    myWrongBook(db, siteId, userId, { page: 1, pageSize: 10 }),
    recentPractice(db, siteId, userId),
    recentExams(db, siteId, userId),
    db
      .select({ count: count() })
      .from(certificates)
      .where(and(eq(certificates.siteId, siteId), eq(certificates.userId, userId), isNull(certificates.revokedAt))),
  ]);
  return {
    site,
    joined_sets: sets.joined,
    next_sets: sets.next,
    wrong_book: { total: book.total, categories: book.categories, n: book.wrong_book_n },
    recent_practice: practice,
    recent_exams: examRows,
    certificates: certs?.count ?? 0,
  };
}
