import { schema } from '@app/db';
import { freshMember } from './audiences.ts';
import { examCategory, examQuestions, insertExam } from './exams.ts';
import { insertId } from './fixture-rows.ts';
import { firstMemberId } from './sessions.ts';
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
export const freshCandidate = (t: TestApp, siteId: number) => freshMember(t, siteId, 'role_student');

/**
 * A published exam of the organisation over two new questions with live invigilation on (off with `live: false`), and
 * the candidates' screen shared too with `screen: true` (the live-invigilation tests).
 */
export async function insertInvigilatedExam(
  t: TestApp,
  siteId: number,
  { live = true, screen = false }: { live?: boolean; screen?: boolean } = {},
): Promise<number> {
  const questionIds = await examQuestions(t, siteId, await examCategory(t, siteId), 2);
  return insertExam(t, siteId, {
    questionIds,
    totalScore: 100,
    liveInvigilation: live,
    invigilationScreen: live && screen,
  });
}
