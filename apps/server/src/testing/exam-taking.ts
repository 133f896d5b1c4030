import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { examCategory, examQuestions, insertExam } from './exams.ts';
import { sessionFor } from './sessions.ts';
import type { TestApp } from './test-app.ts';

export interface ExamAttemptFixture {
  examId: number;
  attemptId: number;
  questionIds: number[];
}

/**
 * A published fixed exam of two passed questions and one open attempt of the organisation's first member on it,
 * made directly in the database (access tests).
 */
export async function createExamAttemptFixture(t: TestApp, siteId: number): Promise<ExamAttemptFixture> {
  const db = t.deps.db;
  const categoryId = await examCategory(t, siteId);
  const questionIds = await examQuestions(t, siteId, categoryId, 2);
  const examId = await insertExam(t, siteId, { questionIds, totalScore: 10, passScore: 6 });
  const [member] = await db
    .select({ userId: schema.siteUsers.userId })
    .from(schema.siteUsers)
    .where(eq(schema.siteUsers.siteId, siteId))
    .limit(1);
  const [attempt] = await db
    .insert(schema.examAttempts)
    .values({
      siteId,
      examId,
      userId: member!.userId,
      seq: 1,
      paper: questionIds.map((questionId) => ({ questionId, optionOrder: [0, 1, 2], points: 5 })),
      deadline: new Date(Date.now() + 3600_000),
    })
    .returning({ id: schema.examAttempts.id });
  return { examId, attemptId: attempt!.id, questionIds };
}

/** A fresh student member of the organisation (current organisation set; no password: the session is made directly). */
export async function freshCandidate(t: TestApp, siteId: number): Promise<{ id: number; token: string }> {
  const name = `cand_${Math.random().toString(36).slice(2, 10)}`;
  const [user] = await t.deps.db
    .insert(schema.users)
    .values({ username: name, nickname: name, passwordHash: 'x', currentSiteId: siteId })
    .returning({ id: schema.users.id });
  const [membership] = await t.deps.db
    .insert(schema.siteUsers)
    .values({ siteId, userId: user!.id, currentRole: 'role_student' })
    .returning({ id: schema.siteUsers.id });
  await t.deps.db.insert(schema.siteUserRoles).values({ siteUserId: membership!.id, siteId, roleKey: 'role_student' });
  return { id: user!.id, token: await sessionFor(t, name) };
}
