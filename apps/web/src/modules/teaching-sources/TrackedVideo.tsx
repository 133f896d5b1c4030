import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addInterval, type Intervals, isPlayStep, watchedShare } from './watched-intervals.ts';
import './teaching-sources.css';

export interface VideoProgress {
  /** Where the play head is (seconds). */
  position: number;
  /** The share of the video actually played in this viewing (0..1): merged played ranges, skipped parts not counted. */
  watchedShare: number;
  /** Seconds. */
  duration: number;
}

export interface TrackedVideoProps {
  /** A video this browser plays (same origin: the session cookie goes with it). */
  url: string;
  /** Seconds to start at (where the viewer stopped last time); from the start when at the very end. */
  initialPosition?: number;
  /**
   * The share already watched in earlier viewings (0..1), counted as the video's beginning: the server keeps only the
   * best share, and viewings mostly go from the start on, so two halves on two days add up to the whole.
   */
  initialWatchedShare?: number;
  onProgress?: (progress: VideoProgress) => void;
}

/** While playing, progress is reported this often. */
const REPORT_EVERY_MS = 10_000;

/**
 * An HTML5 player (the browser's controls, inline on phones, as wide as its box) that starts at `initialPosition`,
 * keeps the ranges actually played (a seek starts a new range, so skipping ahead counts nothing) and reports
 * `{ position, watchedShare, duration }` every 10 s while playing, on pause, at the end, when the page is left and when
 * it goes away.
 */
export function TrackedVideo({ url, initialPosition = 0, initialWatchedShare = 0, onProgress }: TrackedVideoProps) {
  const { t } = useTranslation('teaching-sources');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const report = useRef(onProgress);
  report.current = onProgress;
  const startAt = useRef(initialPosition);
  startAt.current = initialPosition;
  const watchedBefore = useRef(initialWatchedShare);
  watchedBefore.current = initialWatchedShare;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new video starts its tracking afresh
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setFailed(false);
    let intervals: Intervals = [];
    /** The play head at the last time update while playing; null after a pause or a seek. */
    let last: number | null = null;
    let duration = 0;
    let position = startAt.current;
    let dirty = false;

    const note = () => {
      const now = element.currentTime;
      if (last !== null && !element.seeking && isPlayStep(last, now, element.playbackRate)) {
        intervals = addInterval(intervals, last, now);
        dirty = true;
      }
      position = now;
      last = element.paused || element.seeking || element.ended ? null : now;
    };
    const send = () => {
      if (!(duration > 0)) return;
      dirty = false;
      report.current?.({ position, watchedShare: watchedShare(intervals, duration), duration });
    };
    const onMetadata = () => {
      if (Number.isFinite(element.duration)) duration = element.duration;
      const before = Math.min(1, Math.max(0, watchedBefore.current));
      if (duration > 0 && before > 0 && intervals.length === 0)
        intervals = addInterval(intervals, 0, before * duration);
      const start = startAt.current;
      if (start > 0 && start < duration - 1) element.currentTime = start;
      else position = 0;
    };
    const onDuration = () => {
      if (Number.isFinite(element.duration)) duration = element.duration;
    };
    const onPlaying = () => {
      last = element.currentTime;
    };
    const onSeeking = () => {
      last = null;
      position = element.currentTime;
    };
    const onSeeked = () => {
      position = element.currentTime;
      last = element.paused ? null : element.currentTime;
    };
    const onStop = () => {
      note();
      last = null;
      send();
    };
    const onError = () => setFailed(true);
    const onPageHide = () => {
      if (!element.paused) note();
      if (dirty) send();
    };
    const timer = window.setInterval(() => {
      if (element.paused) return;
      note();
      send();
    }, REPORT_EVERY_MS);

    const listeners: [string, () => void][] = [
      ['loadedmetadata', onMetadata],
      ['durationchange', onDuration],
      ['timeupdate', note],
      ['playing', onPlaying],
      ['seeking', onSeeking],
      ['seeked', onSeeked],
      ['pause', onStop],
      ['ended', onStop],
      ['error', onError],
    ];
    for (const [name, listener] of listeners) element.addEventListener(name, listener);
    window.addEventListener('pagehide', onPageHide);
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) onMetadata();
    return () => {
      window.clearInterval(timer);
      for (const [name, listener] of listeners) element.removeEventListener(name, listener);
      window.removeEventListener('pagehide', onPageHide);
      if (!element.paused) note();
      send();
    };
  }, [url]);

  return (
    <div data-testid="tracked-video">
      {/* biome-ignore lint/a11y/useMediaCaption: teachers' own recordings come without caption tracks */}
      <video ref={video} src={url} controls playsInline preload="metadata" className="tracked-video" />
      {failed && <Alert type="error" showIcon title={t('video_failed')} style={{ marginTop: 8 }} />}
    </div>
  );
}
