import { useCallback, useMemo } from 'react';
import { useSession } from '../../shared/session/session-context.tsx';
import { useMediaRoom, watchOnly } from '../janus/index.ts';
import { feedsByUser } from './grid.ts';
import { invigilationCredentials } from './queries.ts';

/**
 * The cameras (and shared screens) of the grid's page: one connection to the exam's media room (the invigilator joins
 * as a publisher that never publishes, like a live room's audience) receiving only the candidates shown, both their
 * feeds (the watch filter goes by user); a new page changes whom it receives without connecting again. Connects again
 * after a loss.
 */
export function useGridMedia(examId: number, userIds: readonly number[], enabled: boolean) {
  const { detail } = useSession();
  const shown = [...userIds].sort((a, b) => a - b).join(',');
  const watch = useMemo(() => watchOnly(shown ? shown.split(',').map(Number) : []), [shown]);
  const credentials = useCallback(() => invigilationCredentials(examId), [examId]);
  const media = useMediaRoom({ enabled, userId: detail.user.id, credentials, watch });
  const cameras = useMemo(() => feedsByUser(media.feeds), [media.feeds]);
  const screens = useMemo(() => feedsByUser(media.feeds, true), [media.feeds]);
  return { phase: media.phase, error: media.error, cameras, screens, retry: media.retry };
}
export type GridMedia = ReturnType<typeof useGridMedia>;
