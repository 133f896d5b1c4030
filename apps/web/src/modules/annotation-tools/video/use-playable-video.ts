import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../shared/api.ts';
import { videoFramesQuery } from '../queries.ts';
import { videoSourceChoice } from './video-source.ts';

export interface PlayableVideo {
  /** What the video element should load (null while the server converts, or when nothing can be played). */
  url: string | null;
  /** The server is converting the file (the first time: it may take a while). */
  converting: boolean;
  /** The server could not convert it: the reason, for the failure message. */
  failure: string | null;
  /** The video element failed on `url`. */
  onBrowserError: () => void;
}

/**
 * The URL the video tool plays (video-source.ts decides): the item's file, or the H.264 copy `/data/video-frames`
 * makes at the template's frame rate when the container is one browsers do not play or the browser failed on it.
 */
export function usePlayableVideo(item: { id: number; name: string; url: string | null }, fps: number): PlayableVideo {
  // The item the browser failed on: another item starts with its own file again.
  const itemKey = `${item.id}|${item.url}`;
  const [failedOn, setFailedOn] = useState<string | null>(null);
  const browserFailed = failedOn === itemKey;
  const choice = videoSourceChoice(item, browserFailed);
  const force = choice.source === 'server' && choice.force;
  const copy = useQuery({ ...videoFramesQuery(item.id, fps, force), enabled: choice.source === 'server' });
  const onBrowserError = useCallback(() => setFailedOn(itemKey), [itemKey]);
  if (choice.source === 'original') return { url: item.url, converting: false, failure: null, onBrowserError };
  if (choice.source === 'none') return { url: null, converting: false, failure: null, onBrowserError };
  const failure = copy.error ? (copy.error instanceof ApiError ? copy.error.message : String(copy.error)) : null;
  return { url: copy.data?.url ?? null, converting: copy.isPending && !failure, failure, onBrowserError };
}
