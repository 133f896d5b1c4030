import { INVIGILATION_LIMITS, invigilationProcedures as p } from '@app/contracts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { implement } from '../../platform/procedures.ts';
import { loadMyAttemptWithExam } from '../exam-taking/index.ts';
import { loadExam } from '../exams/index.ts';
import { invigilatedExams, invigilationGrid } from './invigilation-grid.queries.ts';
import { examRoomCredentials, mediaConfigured } from './invigilation-room.ts';
import { warnCandidate } from './warn-candidate.service.ts';

/** An exam of the organisation with live invigilation on (`invigilation_off` else). */
async function invigilatedExam(ctx: TenantContext, examId: number) {
  const exam = await loadExam(ctx.db, ctx.session.siteId, examId);
  if (!exam.liveInvigilation) throw new AppError('invigilation_off');
  return exam;
}

/** Invigilators' credentials last to the window's end and an hour more (at least an hour). */
const invigilatorSeconds = (windowEnd: Date) => Math.max(3600, (windowEnd.getTime() - Date.now()) / 1000 + 3600);
/** A candidate's last to the attempt's deadline and ten minutes more. */
const candidateSeconds = (deadline: Date) => (deadline.getTime() - Date.now()) / 1000 + 600;

/**
 * Live invigilation (docs/invigilation.md): the invigilators' grid, their media and warnings; candidates' cameras (and
 * screens: the same credentials publish both feeds).
 */
export const invigilationImplementations = [
  implement(p.invigilationExams, async (_input, ctx) => ({ list: await invigilatedExams(ctx.db, ctx.session.siteId) })),
  implement(p.invigilationGrid, async (input, ctx) => {
    const exam = await invigilatedExam(ctx, input.exam_id);
    const { list, total } = await invigilationGrid(ctx.db, ctx.session.siteId, exam.id, input.page);
    return {
      exam: { id: exam.id, name: exam.name, invigilation_screen: exam.invigilationScreen },
      media: mediaConfigured(ctx),
      list,
      total,
      page: input.page,
      pageSize: INVIGILATION_LIMITS.perPage,
    };
  }),
  implement(p.invigilationToken, async (input, ctx) => {
    const exam = await invigilatedExam(ctx, input.exam_id);
    return examRoomCredentials(ctx, exam, invigilatorSeconds(exam.windowEnd));
  }),
  implement(p.invigilationWarn, async (input, ctx) => warnCandidate(ctx, input.attempt_id, input.message)),
  implement(p.examCameraToken, async (input, ctx) => {
    const { attempt, exam } = await loadMyAttemptWithExam(ctx, input.attempt_id);
    if (!exam.liveInvigilation) throw new AppError('invigilation_off');
    if (attempt.status !== 'in_progress' || attempt.deadline.getTime() <= Date.now()) {
      throw new AppError('exam_attempt_closed');
    }
    return examRoomCredentials(ctx, exam, candidateSeconds(attempt.deadline));
  }),
];
