import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMediaRoom, WATCH_NOBODY } from '../janus/index.ts';
import {
  type CameraStop,
  cameraStopOf,
  DeviceReports,
  type DeviceStop,
  type InvigilatedDevice,
  type StopReason,
  stopReason,
} from './invigilated.ts';
import { examCameraToken, reportExamEvent } from './queries.ts';
import { useScreenTrack } from './use-exam-screen.ts';

/** Sends the camera's and the screen's events to the timeline, each device's stop once in a row. */
function useDeviceReport(attemptId: number) {
  const [reports] = useState(() => new DeviceReports());
  return useCallback(
    (device: InvigilatedDevice, now: 'on' | 'stopped', reason?: StopReason) => {
      const event = reports.tell(device, now, reason);
      if (event) void reportExamEvent({ attempt_id: attemptId, ...event }).catch(() => undefined);
    },
    [attemptId, reports],
  );
}

/**
 * The candidate's camera (and screen, with `withScreen`) while answering an exam with live invigilation: the camera
 * asked at once (video only), the screen on the candidate's click (use-exam-screen.ts), both published to the exam's
 * media room — the camera as `"<userId>"`, the screen as `"<userId>:screen"` — watching nobody (a candidate never
 * receives other candidates' feeds), and published again after a lost connection. The timeline hears
 * `camera_on`/`screen_on` at each publish and `camera_stopped`/`screen_stopped` when refused, stopped, or not
 * published. Without a media server (or refused credentials) everything is closed and the exam goes on. Everything
 * closes when the component goes (submit, leaving the page).
 */
export function useExamCamera(attemptId: number, userId: number, withScreen = false) {
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [stop, setStop] = useState<CameraStop | null>(null);
  const [asked, setAsked] = useState(0);
  const [published, setPublished] = useState(false);
  const [screenPublished, setScreenPublished] = useState(false);
  const [noMedia, setNoMedia] = useState<'unconfigured' | 'refused' | null>(null);
  const report = useDeviceReport(attemptId);

  const stopped = useCallback(
    (why: CameraStop) => {
      setStop(why);
      report('camera', 'stopped', stopReason(why));
    },
    [report],
  );
  const screenStopped = useCallback((why: DeviceStop) => report('screen', 'stopped', stopReason(why)), [report]);
  const screen = useScreenTrack(withScreen && !noMedia, screenStopped);

  // The camera: asked at first and on "turn on again"; its end (unplugged, the browser's own stop) is told.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `asked` asks again
  useEffect(() => {
    if (noMedia) return;
    let cancelled = false;
    let opened: MediaStreamTrack | null = null;
    const ended = () => {
      if (cancelled) return;
      setTrack(null);
      stopped('ended');
    };
    setStop(null);
    // Without a secure context (https, localhost) browsers offer no devices at all.
    if (!navigator.mediaDevices?.getUserMedia) {
      stopped('missing');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: true })
      .then((stream) => {
        opened = stream.getVideoTracks()[0] ?? null;
        if (cancelled) {
          for (const t of stream.getTracks()) t.stop();
          return;
        }
        if (opened) {
          opened.addEventListener('ended', ended);
          setTrack(opened);
        } else stopped('missing');
      })
      .catch((error: unknown) => {
        if (!cancelled) stopped(cameraStopOf(error));
      });
    return () => {
      cancelled = true;
      opened?.removeEventListener('ended', ended);
      opened?.stop();
      setTrack(null);
    };
  }, [asked, noMedia, stopped]);

  const credentials = useCallback(() => examCameraToken(attemptId), [attemptId]);
  const media = useMediaRoom({
    enabled: track !== null || screen.track !== null,
    userId,
    credentials,
    watch: WATCH_NOBODY,
  });
  const { room, phase, fail } = media;

  // Publishing: the camera alone (no microphone), again on every (re)connected room; a camera gone while the screen
  // keeps the room open is unpublished (the media server then says so too).
  useEffect(() => {
    if (!room) return;
    if (!track) {
      void room.unpublish().catch(() => undefined);
      return;
    }
    let current = true;
    room.publish(null, track).then(
      () => {
        if (!current) return;
        setPublished(true);
        report('camera', 'on');
      },
      (error: unknown) => {
        if (!current) return;
        report('camera', 'stopped', 'failed');
        fail(error);
      },
    );
    return () => {
      current = false;
      setPublished(false);
    };
  }, [room, track, report, fail]);

  // The screen: a second publisher while shared, again on every (re)connected room; a failure retries as the camera's.
  useEffect(() => {
    if (!room || !screen.track) return;
    let current = true;
    room.shareScreen(screen.track).then(
      () => {
        if (!current) return;
        setScreenPublished(true);
        report('screen', 'on');
      },
      (error: unknown) => {
        if (!current) return;
        report('screen', 'stopped', 'failed');
        fail(error);
      },
    );
    return () => {
      current = false;
      setScreenPublished(false);
      void room.stopScreen().catch(() => undefined);
    };
  }, [room, screen.track, report, fail]);

  // A connection that fails is a camera (and screen) the invigilators do not see (told once; the room keeps trying).
  const sharing = screen.track !== null;
  useEffect(() => {
    if (phase === 'failed') {
      report('camera', 'stopped', 'failed');
      if (sharing) report('screen', 'stopped', 'failed');
    }
    if (phase === 'unconfigured' || phase === 'refused') setNoMedia(phase);
  }, [phase, sharing, report]);

  const again = useCallback(() => setAsked((n) => n + 1), []);
  const preview = useMemo(() => (track ? new MediaStream([track]) : null), [track]);
  return {
    preview,
    stop,
    published,
    phase,
    noMedia,
    error: media.error,
    again,
    screen: { ...screen, published: screenPublished, wanted: withScreen && !noMedia },
  };
}
export type ExamCamera = ReturnType<typeof useExamCamera>;
