import { practiceProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { answerQuestion, finishPractice } from './answer-question.service.ts';
import { joinPracticeSet } from './join-practice-set.service.ts';
import { collectQuestion, myCollection, mySessions, myWrongBook, uncollectQuestion } from './learner-books.queries.ts';
import { categoryPortrait, myTestStat } from './learner-stats.queries.ts';
import { listPublishedSets } from './practice-sets.queries.ts';
import { sessionDetail, sessionReport, sessionResult } from './session-detail.queries.ts';
import { startPractice, startWrongBookPractice } from './start-practice.service.ts';

/** Certification learning, the learner's side: sets, sessions, the wrong-answer book, collections and statistics. */
export const practiceImplementations = [
  implement(p.trainingcampTrainList, async (input, ctx) => {
    const { list, total } = await listPublishedSets(ctx.db, ctx.session.siteId, ctx.session.userId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.trainingcampTrainJoin, async (input, ctx) => joinPracticeSet(ctx, input.set_id)),
  implement(p.trainingcampTrainStart, async (input, ctx) => startPractice(ctx, input)),
  implement(p.trainingcampWrongStart, async (input, ctx) => startWrongBookPractice(ctx, input)),
  implement(p.trainingcampSession, async (input, ctx) =>
    sessionDetail(ctx.db, ctx.session.siteId, ctx.session.userId, input.id),
  ),
  implement(p.trainingcampAnswer, async (input, ctx) => answerQuestion(ctx, input)),
  implement(p.trainingcampFinish, async (input, ctx) => finishPractice(ctx, input.id)),
  implement(p.trainingcampTrainResult, async (input, ctx) =>
    sessionResult(ctx.db, ctx.session.siteId, ctx.session.userId, input.id),
  ),
  implement(p.trainingcampTrainReport, async (input, ctx) =>
    sessionReport(ctx.db, ctx.session.siteId, ctx.session.userId, input.id),
  ),
  implement(p.trainingcampMywrong, async (input, ctx) => {
    const book = await myWrongBook(ctx.db, ctx.session.siteId, ctx.session.userId, input);
    return { ...book, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.trainingcampCollect, async (input, ctx) =>
    collectQuestion(ctx.db, ctx.session.siteId, ctx.session.userId, input.question_id),
  ),
  implement(p.trainingcampUncollect, async (input, ctx) =>
    uncollectQuestion(ctx.db, ctx.session.siteId, ctx.session.userId, input.question_id),
  ),
  implement(p.trainingcampMycollect, async (input, ctx) => {
    const { list, total } = await myCollection(ctx.db, ctx.session.siteId, ctx.session.userId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.trainingcampSelfexamRecords, async (input, ctx) => {
    const { list, total } = await mySessions(ctx.db, ctx.session.siteId, ctx.session.userId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.trainingcampMyTestStat, async (_input, ctx) =>
    myTestStat(ctx.db, ctx.session.siteId, ctx.session.userId),
  ),
  implement(p.trainingcampCategoryPortrait, async (_input, ctx) =>
    categoryPortrait(ctx.db, ctx.session.siteId, ctx.session.userId),
  ),
];
