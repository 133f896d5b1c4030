import type { TJoinCredentials } from '@app/contracts';
import type { schema } from '@app/db';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { mediaProviderFor } from '../live-rooms/index.ts';

type ExamRecord = typeof schema.exams.$inferSelect;

/**
 * An exam's media room: a VideoRoom of its own, apart from the live rooms' (whose VideoRoom ids are their ids, below
 * 2^31): 2^32 + the exam id. Every candidate answering publishes a camera (and a screen) to it; invigilators join it
 * to watch.
 */
export const EXAM_ROOM_BASE = 2 ** 32;
export const examRoomId = (examId: number) => EXAM_ROOM_BASE + examId;

/** The exam of a media room id, or null for a live room's. */
export function examIdOfRoom(roomId: number): number | null {
  return Number.isSafeInteger(roomId) && roomId > EXAM_ROOM_BASE ? roomId - EXAM_ROOM_BASE : null;
}

/**
 * Candidates publish at once, each a camera and, when the exam shares screens, a screen; Janus's default (3) would
 * turn the fourth feed away.
 */
const MAX_PUBLISHERS = 2000;

/**
 * Opens the exam's media room when it is not open (every instance may: opening is idempotent) and answers the user's
 * credentials for it, valid `seconds` (the rest of the attempt, or of the exam's window for invigilators).
 */
export async function examRoomCredentials(
  ctx: TenantContext,
  exam: ExamRecord,
  seconds: number,
): Promise<TJoinCredentials> {
  const media = mediaProviderFor(ctx.deps.config);
  if (!media) throw new AppError('live_media_unconfigured');
  const roomId = examRoomId(exam.id);
  try {
    await media.openRoom({ id: roomId, title: exam.name, record: false, maxPublishers: MAX_PUBLISHERS });
    return await media.joinCredentials(roomId, ctx.session.userId, Math.max(60, Math.ceil(seconds)));
  } catch (error) {
    throw new AppError('live_media_failed', { reason: error instanceof Error ? error.message : String(error) });
  }
}

/** Whether live media can run at all (the grid says so when it cannot). */
export const mediaConfigured = (ctx: TenantContext) => mediaProviderFor(ctx.deps.config) !== null;
