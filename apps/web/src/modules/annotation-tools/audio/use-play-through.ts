import { useCallback, useEffect, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { addSubmitGuard } from '../submit-guards.ts';
import { coversDuration } from './audio-shapes.ts';

function playedRanges(media: HTMLMediaElement): [number, number][] {
  const ranges: [number, number][] = [];
  for (let i = 0; i < media.played.length; i++) ranges.push([media.played.start(i), media.played.end(i)]);
  return ranges;
}

/**
 * The template's `must_play_through` rule: whether the audio was played through once on this page
 * (the media element's played ranges cover it, whatever the speed; seeking past a part does not count it). While
 * `required`, a submit guard refuses the frame's submit with `message` until then.
 */
export function usePlayThrough(ws: WaveSurfer | null, duration: number, required: boolean, message: string): boolean {
  // Both belong to one player: a new one (another item, a retry) starts unplayed.
  const [doneFor, setDoneFor] = useState<WaveSurfer | null>(null);
  const reachedFor = useRef<WaveSurfer | null>(null);

  const check = useCallback(() => {
    if (!ws) return false;
    if (reachedFor.current === ws) return true;
    const media = ws.getMediaElement();
    if (!media) return false;
    const length = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : duration;
    if (!coversDuration(playedRanges(media), length)) return false;
    reachedFor.current = ws;
    setDoneFor(ws);
    return true;
  }, [ws, duration]);

  useEffect(() => {
    if (!ws || !required) return;
    let last = 0;
    const offs = [
      ws.on('timeupdate', () => {
        const now = performance.now();
        if (now - last < 400) return;
        last = now;
        check();
      }),
      ws.on('pause', () => void check()),
      ws.on('finish', () => void check()),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [ws, required, check]);

  useEffect(() => {
    if (!required) return;
    return addSubmitGuard(() => (check() ? null : message));
  }, [required, check, message]);

  return ws !== null && doneFor === ws;
}
