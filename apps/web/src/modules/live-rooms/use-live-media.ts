import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../shared/api.ts';
import { JanusRoom, type RemoteFeed } from '../janus/index.ts';
import { createQualityMeter, type LiveQuality } from './media-quality.ts';
import { mediaCredentials } from './queries.ts';

/**
 * off: no media (not live, no media server, removed); connecting; connected; reconnecting after a loss; failed (the
 * next attempt is scheduled); volcano: the room's provider is Volcano, whose web SDK is not bundled.
 */
export type MediaPhase = 'off' | 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'volcano';
export type DeviceKind = 'camera' | 'microphone' | 'screen';

export interface LiveMediaOptions {
  roomId: number;
  userId: number;
  /** The room is live with a media server and the user is in it. */
  enabled: boolean;
  /** Hosting, or a student on stage: camera and microphone are published. */
  onStage: boolean;
  camera: boolean;
  microphone: boolean;
  /** A device could not be opened (refused, missing) or stopped (the browser's "stop sharing"). */
  onDeviceLost: (kind: DeviceKind, error?: unknown) => void;
  /** Janus kicked the user (the host removed them). */
  onKicked: () => void;
  /** The media room was destroyed (the room ended). */
  onRoomClosed: () => void;
  /** A failure to tell (the first of a row of failed attempts). */
  onError: (error: unknown) => void;
}

const RETRY_SECONDS = [2, 4, 8, 15, 30];

/** One device's track, opened while wanted and stopped when not (or when the component goes). */
function useDeviceTrack(kind: 'audio' | 'video', wanted: boolean, onLost: (error: unknown) => void) {
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const lost = useRef(onLost);
  lost.current = onLost;
  useEffect(() => {
    if (!wanted) return;
    let stopped = false;
    let opened: MediaStreamTrack | null = null;
    // Without a secure context (https, localhost) browsers offer no devices at all.
    if (!navigator.mediaDevices?.getUserMedia) {
      lost.current(new Error('no media devices'));
      return;
    }
    navigator.mediaDevices
      .getUserMedia(kind === 'audio' ? { audio: true } : { video: { width: 1280, height: 720 } })
      .then((stream) => {
        opened = stream.getTracks()[0] ?? null;
        if (stopped) opened?.stop();
        else setTrack(opened);
      })
      .catch((error: unknown) => {
        if (!stopped) lost.current(error);
      });
    return () => {
      stopped = true;
      opened?.stop();
      setTrack(null);
    };
  }, [kind, wanted]);
  return track;
}

/**
 * The room's media on Janus: connects while `enabled` (credentials from `/live-room/volcano-rtc-token`), receives
 * every published feed, publishes the camera and microphone while on stage and the screen when shared, and connects
 * again after a loss (growing delays; `retry()` at once, e.g. when the network or the platform socket is back).
 */
export function useLiveMedia(options: LiveMediaOptions) {
  const { roomId, userId, enabled, onStage } = options;
  const events = useRef(options);
  events.current = options;
  const [phase, setPhase] = useState<MediaPhase>('off');
  const [room, setRoom] = useState<JanusRoom | null>(null);
  const [feeds, setFeeds] = useState<RemoteFeed[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [screenTrack, setScreenTrack] = useState<MediaStreamTrack | null>(null);
  const failures = useRef(0);
  const publishing = enabled && onStage;
  const camera = useDeviceTrack('video', publishing && options.camera, (e) => events.current.onDeviceLost('camera', e));
  const microphone = useDeviceTrack('audio', publishing && options.microphone, (e) =>
    events.current.onDeviceLost('microphone', e),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` connects again
  useEffect(() => {
    if (!enabled) {
      failures.current = 0;
      setPhase('off');
      return;
    }
    let cancelled = false;
    let opened: JanusRoom | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = (phaseNow: MediaPhase) => {
      setPhase(phaseNow);
      const seconds = RETRY_SECONDS[Math.min(failures.current, RETRY_SECONDS.length - 1)]!;
      failures.current += 1;
      timer = setTimeout(() => setAttempt((n) => n + 1), seconds * 1000);
    };
    setPhase((now) => (now === 'reconnecting' || now === 'failed' ? now : 'connecting'));
    (async () => {
      const credentials = await mediaCredentials(roomId);
      if (cancelled) return;
      if (credentials.provider !== 'janus') {
        setPhase('volcano');
        return;
      }
      const joined = await JanusRoom.open(credentials, userId, {
        feeds: (list) => {
          if (!cancelled) setFeeds(list);
        },
        kicked: () => {
          if (!cancelled) events.current.onKicked();
        },
        closed: (reason) => {
          if (cancelled) return;
          setRoom(null);
          setFeeds([]);
          if (reason === 'destroyed') events.current.onRoomClosed();
          else again('reconnecting');
        },
      });
      if (cancelled) {
        joined.close();
        return;
      }
      opened = joined;
      failures.current = 0;
      setRoom(joined);
      setPhase('connected');
    })().catch((error: unknown) => {
      if (cancelled) return;
      if (error instanceof ApiError && error.code === 'live_room_removed') {
        events.current.onKicked();
        return;
      }
      if (error instanceof ApiError && ['live_room_not_live', 'live_room_ended', 'not_found'].includes(error.code)) {
        setPhase('off');
        return;
      }
      if (failures.current === 0) events.current.onError(error);
      again('failed');
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      opened?.close();
      setRoom(null);
      setFeeds([]);
    };
  }, [enabled, roomId, userId, attempt]);

  // Camera and microphone: published while on stage, their tracks swapped in place as devices go on and off.
  useEffect(() => {
    if (!room) return;
    const step = publishing ? room.publish(microphone, camera) : room.unpublish();
    step.catch((error: unknown) => console.warn('live room: publishing failed', error));
  }, [room, publishing, camera, microphone]);

  // The screen: a second publisher while shared; the browser's own "stop sharing" ends it too.
  useEffect(() => {
    if (!room || !screenTrack) return;
    room.shareScreen(screenTrack).catch((error: unknown) => {
      events.current.onDeviceLost('screen', error);
      setScreenTrack(null);
    });
    return () => void room.stopScreen().catch(() => undefined);
  }, [room, screenTrack]);
  useEffect(() => {
    if (!screenTrack) return;
    const ended = () => {
      setScreenTrack(null);
      events.current.onDeviceLost('screen');
    };
    screenTrack.addEventListener('ended', ended);
    return () => {
      screenTrack.removeEventListener('ended', ended);
      screenTrack.stop();
    };
  }, [screenTrack]);
  useEffect(() => {
    if (!publishing) setScreenTrack(null);
  }, [publishing]);

  /** Asks for a screen (a click's handler: browsers want a user gesture for it). */
  const startScreen = useCallback(async () => {
    try {
      const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      setScreenTrack(stream.getVideoTracks()[0] ?? null);
    } catch (error) {
      // Closing the browser's picker is a choice, not an error.
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) {
        events.current.onDeviceLost('screen', error);
      }
    }
  }, []);
  const stopScreen = useCallback(() => setScreenTrack(null), []);

  const meter = useMemo(() => createQualityMeter(), []);
  const quality = useCallback(
    async (): Promise<LiveQuality> => (room ? meter(room.peers()) : phase === 'reconnecting' ? 'lost' : 'good'),
    [room, meter, phase],
  );
  const retry = useCallback(() => {
    if (phase === 'failed' || phase === 'reconnecting') setAttempt((n) => n + 1);
  }, [phase]);

  const localCamera = useMemo(() => (camera ? new MediaStream([camera]) : null), [camera]);
  const localScreen = useMemo(() => (screenTrack ? new MediaStream([screenTrack]) : null), [screenTrack]);
  return {
    phase,
    feeds,
    localCamera,
    localScreen,
    localPeer: room?.publishingPeer ?? null,
    sharing: screenTrack !== null,
    startScreen,
    stopScreen,
    quality,
    retry,
  };
}
export type LiveMedia = ReturnType<typeof useLiveMedia>;
