import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';
import { decodePeaks } from './audio/audio-shapes.ts';

/**
 * The precomputed peaks of an audio item (`/data/waveform`), decoded, with its duration: asked once per item and
 * not retried (a refusal means the browser decodes the file itself).
 */
export function waveformQuery(itemId: number) {
  return queryOptions({
    queryKey: ['audio-waveform', itemId],
    queryFn: async ({ signal }) => {
      const answer = await api('/data/waveform', { item_id: itemId }, { signal });
      return { duration: answer.duration, peaks: decodePeaks(answer.peaks, answer.length) };
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * A playable URL of a video item (`/data/video-frames`): the stored file, or an H.264 copy at `fps` (`force`:
 * even when the file looks playable). Asked once and not retried.
 */
export function videoFramesQuery(itemId: number, fps: number, force: boolean) {
  return queryOptions({
    queryKey: ['video-frames', itemId, fps, force],
    queryFn: ({ signal }) => api('/data/video-frames', { item_id: itemId, fps, force: force || undefined }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
