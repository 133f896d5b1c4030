import { SoundOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The <video> of a feed keeps its PeerConnection at hand, so a browser test can read `getStats()` from it. */
export type LiveVideoElement = HTMLVideoElement & { livePeer?: RTCPeerConnection | null };

/**
 * One video: a remote feed (with its sound) or the page's own preview (muted). `testId` names it for tests
 * (`live-video-<userId>`, `-screen` for a screen; `live-video-local`); the element's `livePeer` is the feed's
 * PeerConnection. When the browser refuses to play sound before a click, the video plays muted with a button to hear.
 */
export function VideoTile({
  stream,
  tracks = 0,
  peer,
  local = false,
  mirror = false,
  name,
  cameraOff = false,
  main = false,
  testId,
}: {
  stream: MediaStream | null;
  tracks?: number;
  peer?: () => RTCPeerConnection | null;
  local?: boolean;
  /** The page's own camera shows as in a mirror. */
  mirror?: boolean;
  name: string;
  cameraOff?: boolean;
  main?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('live-rooms');
  const video = useRef<LiveVideoElement>(null);
  const [silenced, setSilenced] = useState(false);
  const peerRef = useRef(peer);
  peerRef.current = peer;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    Object.defineProperty(element, 'livePeer', { configurable: true, get: () => peerRef.current?.() ?? null });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tracks` sets the stream again when a track arrives
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // Set again when a track arrives, so the element takes every track of the stream.
    element.srcObject = stream;
    if (!stream) return;
    element.muted = local;
    element.play().catch((error: unknown) => {
      if (local || !(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
      element.muted = true;
      setSilenced(true);
      void element.play().catch(() => undefined);
    });
  }, [stream, tracks, local]);

  const hear = () => {
    const element = video.current;
    if (!element) return;
    element.muted = false;
    setSilenced(false);
    void element.play().catch(() => undefined);
  };

  return (
    <figure className={`live-tile${main ? ' live-tile-main' : ''}`} data-testid={`${testId}-tile`}>
      <video
        ref={video}
        autoPlay
        playsInline
        muted={local}
        className={mirror ? 'live-video is-mirrored' : 'live-video'}
        data-testid={testId}
        aria-label={name}
      />
      {cameraOff ? (
        <div className="live-tile-off" aria-hidden>
          <VideoCameraOutlined />
        </div>
      ) : null}
      <figcaption className="live-tile-name" data-user-content>
        {name}
      </figcaption>
      {silenced ? (
        <Button
          className="live-tile-hear"
          size="small"
          icon={<SoundOutlined />}
          onClick={hear}
          data-testid={`${testId}-hear`}
        >
          {t('hear')}
        </Button>
      ) : null}
    </figure>
  );
}
