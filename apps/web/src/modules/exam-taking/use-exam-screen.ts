import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraStopOf, type DeviceStop, wholeScreen } from './invigilated.ts';

/** What getDisplayMedia is asked for: the entire screen (a hint: the browser's picker may offer more), no sound. */
const SCREEN_REQUEST = { video: { displaySurface: 'monitor' }, audio: false } as const;

/**
 * The candidate's screen for an exam that shares it (docs/invigilation.md): asked on the candidate's click (browsers
 * want a user gesture for getDisplayMedia), the entire screen only (a window or a tab is stopped at once: `partial`),
 * its end told (the browser's own "Stop sharing"). Browsers that cannot share a screen (phones) are `missing` at
 * once. The track stops when the component goes. `stopped` hears every stop (for the timeline).
 */
export function useScreenTrack(wanted: boolean, stopped: (why: DeviceStop) => void) {
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [stop, setStop] = useState<DeviceStop | null>(null);
  const [asking, setAsking] = useState(false);
  const told = useRef(stopped);
  told.current = stopped;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const supported = typeof navigator.mediaDevices?.getDisplayMedia === 'function';

  const tell = useCallback((why: DeviceStop) => {
    setStop(why);
    told.current(why);
  }, []);

  useEffect(() => {
    if (wanted && !supported) tell('missing');
    // No longer wanted (no media server after all): the screen is not kept captured for nothing.
    if (!wanted) setTrack(null);
  }, [wanted, supported, tell]);

  // The browser's "Stop sharing" ends the track; leaving the page stops it.
  useEffect(() => {
    if (!track) return;
    const ended = () => {
      setTrack(null);
      tell('ended');
    };
    track.addEventListener('ended', ended);
    return () => {
      track.removeEventListener('ended', ended);
      track.stop();
    };
  }, [track, tell]);

  /** Asks for the screen (a click's handler). */
  const share = useCallback(async () => {
    if (!wanted || !supported) return;
    setAsking(true);
    try {
      const stream = await navigator.mediaDevices.getDisplayMedia(SCREEN_REQUEST);
      const next = stream.getVideoTracks()[0];
      if (!mounted.current || !next || !wholeScreen(next)) {
        for (const t of stream.getTracks()) t.stop();
        if (mounted.current) tell(next ? 'partial' : 'missing');
        return;
      }
      setStop(null);
      setTrack(next);
    } catch (error) {
      if (mounted.current) tell(cameraStopOf(error));
    } finally {
      if (mounted.current) setAsking(false);
    }
  }, [wanted, supported, tell]);

  return { track, stop, asking, share };
}
