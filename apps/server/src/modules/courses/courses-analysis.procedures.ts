import { courseAnalysisProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { courseMatrix } from './course-matrix.queries.ts';
import { courseRanking } from './course-ranking.queries.ts';
import { exportCourseMatrix } from './export-course-matrix.service.ts';

/** Course analysis, the teacher's side: the class × task matrix, its export and the students' ranking. */
export const courseAnalysisImplementations = [
  implement(p.courseMatrix, async (input, ctx) => {
    const matrix = await courseMatrix(ctx.db, ctx.session.siteId, ctx.session, input);
    return { ...matrix, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.courseRanking, async (input, ctx) => {
    const ranking = await courseRanking(ctx.db, ctx.session.siteId, ctx.session, input);
    return { ...ranking, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.courseMatrixExport, async (input, ctx) => exportCourseMatrix(ctx, input)),
];
