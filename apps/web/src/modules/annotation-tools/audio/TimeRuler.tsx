import { useEffect, useRef } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { formatClock } from './audio-template.ts';

const HEIGHT = 20;
/** Tick steps in seconds; the ruler takes the first that leaves at least MIN_LABEL_PX between labels. */
const STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];
const MIN_LABEL_PX = 70;

const label = (seconds: number, step: number) => {
  const text = formatClock(seconds);
  // Whole seconds need no hundredths.
  return step >= 1 ? text.slice(0, -3) : text;
};

/**
 * The time ruler under the waveform, drawn on one canvas for the visible part only. (wavesurfer's Timeline plugin
 * makes a DOM node per tick over the whole file and measures each: an hour at a high zoom froze the page for
 * seconds on every zoom step.)
 */
export function TimeRuler({ ws, duration }: { ws: WaveSurfer | null; duration: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!ws || !canvas || !(duration > 0)) return;
    let frame = 0;
    const draw = () => {
      const width = canvas.clientWidth;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(HEIGHT * ratio);
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.scale(ratio, ratio);
      ctx.clearRect(0, 0, width, HEIGHT);
      const total = ws.getWrapper().scrollWidth || width;
      const pxPerSec = total / duration;
      const from = ws.getScroll() / pxPerSec;
      const to = Math.min(duration, from + width / pxPerSec);
      const step = STEPS.find((s) => s * pxPerSec >= MIN_LABEL_PX) ?? 3600;
      const minor = step / 5;
      ctx.strokeStyle = '#bfbfbf';
      ctx.fillStyle = '#595959';
      ctx.font = '11px sans-serif';
      ctx.textBaseline = 'top';
      ctx.beginPath();
      for (let i = Math.floor(from / minor); i * minor <= to + minor; i++) {
        const t = i * minor;
        const x = Math.round((t - from) * pxPerSec) + 0.5;
        const major = i % 5 === 0;
        ctx.moveTo(x, 0);
        ctx.lineTo(x, major ? HEIGHT : HEIGHT / 3);
        if (major && x >= 0) ctx.fillText(label(Math.max(0, t), step), x + 3, 6);
      }
      ctx.stroke();
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(draw);
    };
    schedule();
    const offs = [
      ws.on('scroll', schedule),
      ws.on('zoom', schedule),
      ws.on('redraw', schedule),
      ws.on('resize', schedule),
    ];
    return () => {
      cancelAnimationFrame(frame);
      for (const off of offs) off();
    };
  }, [ws, duration]);
  return <canvas ref={canvasRef} style={{ display: 'block', width: '100%', height: HEIGHT }} />;
}
