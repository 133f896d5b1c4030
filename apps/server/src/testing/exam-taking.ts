import { schema } from '@app/db';
import { examCategory, examQuestions, insertExam } from './exams.ts';
import { fixtureTag, insertId } from './fixture-rows.ts';
import { firstMemberId, sessionFor } from './sessions.ts';
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
  const categoryId = await examCategory(t, siteId);
  const questionIds = await examQuestions(t, siteId, categoryId, 2);
  const examId = await insertExam(t, siteId, { questionIds, totalScore: 10, passScore: 6 });
  const attemptId = await insertId(t, schema.examAttempts, {
    siteId,
    examId,
    userId: await firstMemberId(t, siteId),
    seq: 1,
    paper: questionIds.map((questionId) => ({ questionId, optionOrder: [0, 1, 2], points: 5 })),
    deadline: new Date(Date.now() + 3600_000),
  });
  return { examId, attemptId, questionIds };
}

/** A fresh student member of the organisation (current organisation set; no password: the session is made directly). */
export async function freshCandidate(t: TestApp, siteId: number): Promise<{ id: number; token: string }> {
  const name = `cand_${fixtureTag()}`;
  const userId = await insertId(t, schema.users, {
    username: name,
    nickname: name,
    passwordHash: 'x',
    currentSiteId: siteId,
  });
  const siteUserId = await insertId(t, schema.siteUsers, { siteId, userId, currentRole: 'role_student' });
  await t.deps.db.insert(schema.siteUserRoles).values({ siteUserId, siteId, roleKey: 'role_student' });
  return { id: userId, token: await sessionFor(t, name) };
}
