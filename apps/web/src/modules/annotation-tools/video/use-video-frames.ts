import { useCallback, useEffect, useRef, useState } from 'react';
import { coversWhole, frameAt, frameCount, frameTime } from './track-model.ts';

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: (now: number, meta: { mediaTime: number }) => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

export type VideoStatus = 'loading' | 'ready' | 'error';

export interface VideoFrames {
  video: HTMLVideoElement;
  status: VideoStatus;
  /** The frame on screen (0-based at the template's fps). */
  frame: number;
  count: number;
  size: { width: number; height: number } | null;
  playing: boolean;
  /** The whole video was played once (this session, or earlier in this browser tab for the same item). */
  played: boolean;
  rate: number;
  seek: (frame: number) => void;
  step: (delta: number) => void;
  toggle: () => void;
  pause: () => void;
  setRate: (rate: number) => void;
}

const playedKey = (key: string) => `video-played:${key}`;
const readPlayed = (key: string) => {
  try {
    return sessionStorage.getItem(playedKey(key)) === '1';
  } catch {
    return false;
  }
};

function rangesOf(list: TimeRanges): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < list.length; i++) out.push([list.start(i), list.end(i)]);
  return out;
}

/**
 * A video element stepped frame by frame at `fps`: frame n is shown at time (n + 0.5) / fps, so a seek never lands
 * on a frame boundary. A seek waits for `seeked`, then for the frame to be presented (requestVideoFrameCallback
 * where the browser has it) before `onPaint` draws it; steps asked for during a seek go to the last one asked.
 * While playing, the frame follows the media time (one callback per presented video frame, else per animation
 * frame); a pause snaps to the frame shown. `played` turns true once the played ranges cover the whole video.
 * `onError` hears that the browser could not play `url` (an error of the element, or a file without a picture).
 */
export function useVideoFrames(
  url: string | null,
  fps: number,
  playedFor: string,
  onPaint: () => void,
  onError?: () => void,
): VideoFrames {
  const [video] = useState(() => {
    const element = document.createElement('video') as FrameCallbackVideo;
    element.preload = 'auto';
    element.muted = true;
    element.playsInline = true;
    return element;
  });
  const [status, setStatus] = useState<VideoStatus>('loading');
  const [frame, setFrame] = useState(0);
  const [count, setCount] = useState(1);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [played, setPlayed] = useState(() => readPlayed(playedFor));
  const [rate, setRateState] = useState(1);
  const paint = useRef(onPaint);
  paint.current = onPaint;
  const failed = useRef(onError);
  failed.current = onError;
  const live = useRef({ fps, count, frame, playedFor });
  live.current = { fps, count, frame, playedFor };
  const seeking = useRef<{ target: number; busy: boolean }>({ target: 0, busy: false });

  const presented = useCallback(
    (then: () => void) => {
      const v = video as FrameCallbackVideo;
      if (!v.requestVideoFrameCallback) {
        then();
        return;
      }
      // The frame callback may not come for a frame already presented: a short timer stands in for it.
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        then();
      };
      v.requestVideoFrameCallback(finish);
      window.setTimeout(finish, 120);
    },
    [video],
  );

  const seekNow = useCallback(
    (target: number) => {
      const state = seeking.current;
      state.target = target;
      if (state.busy) return;
      state.busy = true;
      const time = frameTime(target, live.current.fps);
      const settle = () => {
        presented(() => {
          setFrame(target);
          paint.current();
          state.busy = false;
          if (state.target !== target && video.paused) seekNow(state.target);
        });
      };
      if (Math.abs(video.currentTime - time) < 1e-4) {
        settle();
        return;
      }
      video.addEventListener('seeked', settle, { once: true });
      video.currentTime = time;
    },
    [video, presented],
  );

  const seek = useCallback(
    (target: number) => {
      const { count } = live.current;
      const clamped = Math.min(count - 1, Math.max(0, Math.round(target)));
      if (!video.paused) video.pause();
      seekNow(clamped);
    },
    [video, seekNow],
  );

  const step = useCallback(
    (delta: number) => seek((seeking.current.busy ? seeking.current.target : live.current.frame) + delta),
    [seek],
  );

  const checkPlayed = useCallback(() => {
    if (!coversWhole(rangesOf(video.played), video.duration, live.current.fps)) return;
    setPlayed(true);
    try {
      sessionStorage.setItem(playedKey(live.current.playedFor), '1');
    } catch {
      // Private mode: the flag lasts for this page only.
    }
  }, [video]);

  // Loading: metadata (with the duration of a streamed webm found by a seek far ahead), then the first frame.
  useEffect(() => {
    setStatus('loading');
    setFrame(0);
    setPlaying(false);
    if (!url) {
      setStatus('error');
      return;
    }
    let cancelled = false;
    const onError = () => {
      if (cancelled) return;
      setStatus('error');
      failed.current?.();
    };
    const start = () => {
      if (cancelled) return;
      // A codec the browser does not decode may load as sound only: no picture counts as a failure.
      if (video.videoWidth === 0) return onError();
      setCount(frameCount(video.duration, live.current.fps));
      setSize({ width: video.videoWidth, height: video.videoHeight });
      seeking.current = { target: 0, busy: false };
      seekNow(0);
      setStatus('ready');
    };
    const onMeta = () => {
      if (Number.isFinite(video.duration)) return start();
      video.addEventListener('durationchange', () => start(), { once: true });
      video.currentTime = 1e9;
    };
    video.addEventListener('loadeddata', onMeta, { once: true });
    video.addEventListener('error', onError);
    video.src = url;
    video.load();
    return () => {
      cancelled = true;
      video.removeEventListener('loadeddata', onMeta);
      video.removeEventListener('error', onError);
      video.pause();
    };
  }, [url, video, seekNow]);

  // The frame rate of the template changed (template editor preview): the count follows.
  useEffect(() => {
    if (Number.isFinite(video.duration)) setCount(frameCount(video.duration, fps));
  }, [fps, video]);

  // Playing: the frame follows the media time; pause and end snap to the frame shown.
  useEffect(() => {
    const v = video as FrameCallbackVideo;
    let handle = 0;
    let animation = 0;
    const follow = (time: number) => {
      const { fps, count, frame } = live.current;
      const next = frameAt(time, fps, count);
      if (next !== frame) setFrame(next);
      paint.current();
    };
    const loop = () => {
      if (v.paused) return;
      if (v.requestVideoFrameCallback) {
        handle = v.requestVideoFrameCallback((_now, meta) => {
          follow(meta.mediaTime);
          loop();
        });
      } else {
        animation = requestAnimationFrame(() => {
          follow(v.currentTime);
          loop();
        });
      }
    };
    const onPlay = () => {
      setPlaying(true);
      loop();
    };
    const onPause = () => {
      setPlaying(false);
      checkPlayed();
      if (v.seeking) return;
      const { fps, count } = live.current;
      seekNow(v.ended ? count - 1 : frameAt(v.currentTime, fps, count));
    };
    const onTime = () => checkPlayed();
    v.addEventListener('play', onPlay);
    v.addEventListener('pause', onPause);
    v.addEventListener('ended', onPause);
    v.addEventListener('timeupdate', onTime);
    return () => {
      v.removeEventListener('play', onPlay);
      v.removeEventListener('pause', onPause);
      v.removeEventListener('ended', onPause);
      v.removeEventListener('timeupdate', onTime);
      if (handle && v.cancelVideoFrameCallback) v.cancelVideoFrameCallback(handle);
      cancelAnimationFrame(animation);
    };
  }, [video, seekNow, checkPlayed]);

  const toggle = useCallback(() => {
    if (status !== 'ready') return;
    if (!video.paused) {
      video.pause();
      return;
    }
    const { frame, count } = live.current;
    // From the last frame, playing starts again at the first.
    if (frame >= count - 1) video.currentTime = frameTime(0, live.current.fps);
    void video.play().catch(() => setPlaying(false));
  }, [video, status]);

  const pause = useCallback(() => {
    if (!video.paused) video.pause();
  }, [video]);

  const setRate = useCallback(
    (next: number) => {
      video.playbackRate = next;
      setRateState(next);
    },
    [video],
  );

  useEffect(() => setPlayed(readPlayed(playedFor)), [playedFor]);

  return { video, status, frame, count, size, playing, played, rate, seek, step, toggle, pause, setRate };
}
