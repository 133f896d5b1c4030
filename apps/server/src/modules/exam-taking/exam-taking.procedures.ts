import { examMarkingProcedures, examProcedures, examTakingProcedures as p } from '@app/contracts';
import { implement, implementUpload } from '../../platform/procedures.ts';
import { registerUserStat } from '../../platform/user-stat.ts';
import { registerTodoSource } from '../todo/index.ts';
import { uploadAnswerFile } from './answer-files.ts';
import { forceSubmit, markCheat, reopenAttempt } from './attempt-actions.service.ts';
import { attemptDetail, attemptResult } from './attempt-result.queries.ts';
import { attemptView } from './attempt-view.queries.ts';
import { attemptEvents } from './attempts.queries.ts';
import { loadMyAttempt } from './exam-access.queries.ts';
import { myExamList, myExamRecords, pendingExamCount, pendingExams, preExam } from './exam-list.queries.ts';
import { markAnswer } from './mark-answer.service.ts';
import { markingAnswers, markingOverview, markingSimilar } from './marking.queries.ts';
import { regradeQuestion } from './regrade-question.service.ts';
import { recordPageEvent, saveAnswer } from './save-answer.service.ts';
import { joinExam, startExam } from './start-exam.service.ts';
import { submitAttempt } from './submit-attempt.ts';

// The to-do panel and the heartbeat count the caller's pending exams of the current organisation.
registerTodoSource(async (ctx) => {
  if (ctx.session.siteId === null) return {};
  const exams = await pendingExams(ctx.db, ctx.session.siteId, ctx.session.userId);
  return {
    examine_list: exams.map((exam) => ({
      id: exam.id,
      name: exam.name,
      data_count: exam.data_count,
      generate_site_id: exam.generate_site_id,
      my_join_status: exam.my_join_status,
      train: null,
      site: exam.site,
    })),
  };
});
registerUserStat('examine_count', async (deps, session) =>
  session.siteId === null ? 0 : pendingExamCount(deps.db, session.siteId, session.userId),
);

/** Online exams, the candidate's side: the list, joining, starting, answering against the server's clock, results. */
export const examTakingImplementations = [
  implement(p.examineMyList, async (input, ctx) => {
    const { list, total } = await myExamList(ctx, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.examinePreExam, async (input, ctx) => preExam(ctx, input.exam_id)),
  implement(p.examineJoin, async (input, ctx) => joinExam(ctx, input.exam_id)),
  implement(p.examineStart, async (input, ctx) => startExam(ctx, input.exam_id)),
  implement(p.examineAttempt, async (input, ctx) => attemptView(ctx, input.attempt_id)),
  implement(p.examineAnswer, async (input, ctx) => saveAnswer(ctx, input)),
  implementUpload(p.examineAnswerFile, async (input, ctx, files) => uploadAnswerFile(ctx, input, files)),
  implement(p.examineEvent, async (input, ctx) => recordPageEvent(ctx, input)),
  implement(p.examineSubmit, async (input, ctx) => {
    const attempt = await loadMyAttempt(ctx, input.attempt_id);
    await submitAttempt(ctx.db, { attemptId: attempt.id, by: 'candidate' });
    return attemptResult(ctx, attempt.id);
  }),
  implement(p.examineResult, async (input, ctx) => attemptResult(ctx, input.attempt_id)),
  implement(p.examineMyRecords, async (input, ctx) => {
    const { list, total } = await myExamRecords(ctx, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
];

/**
 * The teacher's actions on a candidate's attempt (force submit, mark cheating, re-open, its events): procedures of the
 * exams contract, kept here with the attempts they change.
 */
export const attemptActionImplementations = [
  implement(examProcedures.examineForceSubmit, async (input, ctx) => forceSubmit(ctx, input.attempt_id)),
  implement(examProcedures.examineMarkCheat, async (input, ctx) => markCheat(ctx, input.attempt_id, input.note)),
  implement(examProcedures.examineAttemptEvents, async (input, ctx) =>
    attemptEvents(ctx.db, ctx.session.siteId, input.attempt_id),
  ),
  implement(examProcedures.examineReopen, async (input, ctx) => reopenAttempt(ctx, input.attempt_id)),
  implement(examProcedures.examineAttemptDetail, async (input, ctx) => attemptDetail(ctx, input.attempt_id)),
];

/** Marking by hand (docs/marking.md): the hand-marked questions of an exam, their answers, a mark. */
export const examMarkingImplementations = [
  implement(examMarkingProcedures.examineMarkingOverview, async (input, ctx) => markingOverview(ctx, input.exam_id)),
  implement(examMarkingProcedures.examineMarkingAnswers, async (input, ctx) => markingAnswers(ctx, input)),
  implement(examMarkingProcedures.examineMarkingSimilar, async (input, ctx) => markingSimilar(ctx, input)),
  implement(examMarkingProcedures.examineMark, async (input, ctx) => markAnswer(ctx, input)),
  implement(examMarkingProcedures.examineRegrade, async (input, ctx) => regradeQuestion(ctx, input)),
];
