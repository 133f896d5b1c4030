import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMediaRoom, WATCH_NOBODY } from '../janus/index.ts';
import { CameraReports, type CameraStop, cameraStopOf, stopReason } from './invigilated.ts';
import { examCameraToken, reportExamEvent } from './queries.ts';

/**
 * The candidate's camera while answering an exam with live invigilation: asked at once (video only), published to
 * the exam's media room as `"<userId>"` watching nobody (a candidate never receives other candidates' cameras), and
 * published again after a lost connection. The timeline hears `camera_on` at each publish and `camera_stopped` when
 * the camera is refused, stops, or cannot be published. Without a media server (or refused credentials) the camera is
 * closed and the exam goes on. Everything closes when the component goes (submit, leaving the page).
 */
export function useExamCamera(attemptId: number, userId: number) {
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [stop, setStop] = useState<CameraStop | null>(null);
  const [asked, setAsked] = useState(0);
  const [published, setPublished] = useState(false);
  const [noMedia, setNoMedia] = useState<'unconfigured' | 'refused' | null>(null);
  const [reports] = useState(() => new CameraReports());

  const report = useCallback(
    (kind: 'camera_on' | 'camera_stopped', reason?: 'denied' | 'ended' | 'failed') => {
      if (!reports.tell(kind === 'camera_on' ? 'on' : 'stopped')) return;
      const detail = reason ? { detail: { reason } } : {};
      void reportExamEvent({ attempt_id: attemptId, kind, ...detail }).catch(() => undefined);
    },
    [attemptId, reports],
  );
  const stopped = useCallback(
    (why: CameraStop) => {
      setStop(why);
      report('camera_stopped', stopReason(why));
    },
    [report],
  );

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
  const media = useMediaRoom({ enabled: track !== null, userId, credentials, watch: WATCH_NOBODY });
  const { room, phase, fail } = media;

  // Publishing: the camera alone (no microphone), again on every (re)connected room.
  useEffect(() => {
    if (!room || !track) return;
    let current = true;
    room.publish(null, track).then(
      () => {
        if (!current) return;
        setPublished(true);
        report('camera_on');
      },
      (error: unknown) => {
        if (!current) return;
        report('camera_stopped', 'failed');
        fail(error);
      },
    );
    return () => {
      current = false;
      setPublished(false);
    };
  }, [room, track, report, fail]);

  // A connection that fails is a camera the invigilators do not see (told once; the room keeps trying).
  useEffect(() => {
    if (phase === 'failed') report('camera_stopped', 'failed');
    if (phase === 'unconfigured' || phase === 'refused') setNoMedia(phase);
  }, [phase, report]);

  const again = useCallback(() => setAsked((n) => n + 1), []);
  const preview = useMemo(() => (track ? new MediaStream([track]) : null), [track]);
  return { preview, stop, published, phase, noMedia, error: media.error, again };
}
export type ExamCamera = ReturnType<typeof useExamCamera>;
