import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.js';
import ZoomPlugin from 'wavesurfer.js/dist/plugins/zoom.js';
import { ApiError } from '../../../shared/api.ts';
import { waveformQuery } from '../queries.ts';

export type Regions = ReturnType<typeof RegionsPlugin.create>;

export interface Waveform {
  ws: WaveSurfer | null;
  regions: Regions | null;
  /** Decoded (or peaks given) and playable. */
  ready: boolean;
  /** The audio could not be loaded. */
  failed: boolean;
  /** The server's precomputed waveform was refused (e.g. no ffmpeg): the browser decodes the file instead. */
  fallbackReason: string | null;
  duration: number;
  /** Pixels per second (0: the whole file fits the width). */
  zoom: number;
  playing: boolean;
  retry: () => void;
}

/**
 * A wavesurfer instance in `container` for the item's audio, with the regions and wheel-zoom plugins (the time
 * ruler is TimeRuler). Peaks and duration come from the server when it has them; playback streams the file
 * through the media element (byte ranges), so an hour of audio neither downloads nor decodes up front.
 */
export function useWaveform(
  container: RefObject<HTMLDivElement | null>,
  item: { id: number; url: string | null },
): Waveform {
  const peaks = useQuery(waveformQuery(item.id));
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState({
    ws: null as WaveSurfer | null,
    regions: null as Regions | null,
    ready: false,
    failed: false,
    duration: 0,
    zoom: 0,
    playing: false,
  });
  const waiting = peaks.isPending;
  const source = peaks.data ?? null;
  const url = item.url;

  useEffect(() => {
    const element = container.current;
    if (waiting || !element) return;
    if (!url) {
      setState((s) => ({ ...s, failed: true }));
      return;
    }
    const regions = RegionsPlugin.create();
    const ws = WaveSurfer.create({
      container: element,
      height: 128,
      waveColor: '#a6b4c8',
      progressColor: '#5b7298',
      cursorColor: '#f5222d',
      cursorWidth: 2,
      normalize: true,
      dragToSeek: false,
      autoScroll: true,
      autoCenter: true,
      minPxPerSec: 0,
      // A retry asks again past any cached answer.
      url: attempt > 0 ? `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}` : url,
      ...(source ? { peaks: source.peaks, duration: source.duration } : {}),
      plugins: [regions, ZoomPlugin.create({ scale: 0.25, maxZoom: 2000 })],
    });
    setState({ ws, regions, ready: false, failed: false, duration: 0, zoom: 0, playing: false });
    const offs = [
      ws.on('ready', (duration) => setState((s) => ({ ...s, ready: true, duration }))),
      ws.on('error', () => setState((s) => ({ ...s, failed: true }))),
      ws.on('play', () => setState((s) => ({ ...s, playing: true }))),
      ws.on('pause', () => setState((s) => ({ ...s, playing: false }))),
      ws.on('finish', () => setState((s) => ({ ...s, playing: false }))),
      ws.on('zoom', (zoom) => setState((s) => ({ ...s, zoom }))),
    ];
    return () => {
      for (const off of offs) off();
      ws.destroy();
      setState((s) => ({ ...s, ws: null, regions: null, ready: false }));
    };
  }, [container, url, waiting, source, attempt]);

  const fallbackReason = peaks.error instanceof ApiError && peaks.error.code !== 'aborted' ? peaks.error.message : null;
  return useMemo(
    () => ({
      ...state,
      fallbackReason,
      retry: () => {
        void peaks.refetch();
        setAttempt((n) => n + 1);
      },
    }),
    [state, fallbackReason, peaks.refetch],
  );
}
