import { courseAnalysisProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { courseMatrix } from './course-matrix.queries.ts';
import { exportCourseMatrix } from './export-course-matrix.service.ts';

/** Course analysis, the teacher's side: the class × task matrix and its export. */
export const courseAnalysisImplementations = [
  implement(p.courseMatrix, async (input, ctx) => {
    const matrix = await courseMatrix(ctx.db, ctx.session.siteId, ctx.session, input);
    return { ...matrix, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.courseMatrixExport, async (input, ctx) => exportCourseMatrix(ctx, input)),
];
