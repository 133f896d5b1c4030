import { learnerHomeProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { leavePracticeSet, myJoinedSets, trainDetail } from './my-train.queries.ts';
import { studentDashboard } from './student-dashboard.queries.ts';

/** The learner's home, my joined practice sets and a set's detail. */
export const learnerHomeImplementations = [
  implement(p.userIndexStudent, async (_input, ctx) =>
    studentDashboard(ctx.db, ctx.session.siteId, ctx.session.userId),
  ),
  implement(p.trainingcampMytrain, async (input, ctx) => {
    const { list, total } = await myJoinedSets(ctx.db, ctx.session.siteId, ctx.session.userId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.trainingcampTrainDetail, async (input, ctx) =>
    trainDetail(ctx.db, ctx.session.siteId, ctx.session.userId, input.id),
  ),
  implement(p.trainingcampTrainLeave, async (input, ctx) =>
    leavePracticeSet(ctx.db, ctx.session.siteId, ctx.session.userId, input.set_id),
  ),
];
