import { useEffect, useRef } from 'react';

/** The <video> of a feed keeps its PeerConnection at hand (as the live rooms' VideoTile), for a browser test's stats. */
type PeerVideoElement = HTMLVideoElement & { livePeer?: RTCPeerConnection | null };

/**
 * A muted <video> of a stream, without the live room's frame (VideoTile): a candidate's own camera preview on the
 * exam page, a candidate's camera in the invigilators' grid (video only). `tracks` sets the stream again when a track
 * arrives, so the element takes every track of it; the element's `livePeer` is the feed's PeerConnection.
 */
export function StreamVideo({
  stream,
  tracks = 0,
  peer = null,
  mirror = false,
  label,
  className,
  testId,
}: {
  stream: MediaStream | null;
  tracks?: number;
  peer?: RTCPeerConnection | null;
  mirror?: boolean;
  label: string;
  className?: string;
  testId: string;
}) {
  const video = useRef<PeerVideoElement>(null);
  const peerRef = useRef(peer);
  peerRef.current = peer;

  useEffect(() => {
    const element = video.current;
    if (element) Object.defineProperty(element, 'livePeer', { configurable: true, get: () => peerRef.current });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tracks` sets the stream again when a track arrives
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  }, [stream, tracks]);
  return (
    <video
      ref={video}
      autoPlay
      playsInline
      muted
      className={className}
      style={mirror ? { transform: 'scaleX(-1)' } : undefined}
      aria-label={label}
      data-testid={testId}
    />
  );
}
