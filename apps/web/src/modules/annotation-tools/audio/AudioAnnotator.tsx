import { Alert, Button, Spin, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaToolProps } from '../tool-props.ts';
import { PlayerBar } from './AudioToolbar.tsx';
import { audioLabels, audioMediaOf, audioToolOf } from './audio-template.ts';
import { RegionEditor } from './RegionEditor.tsx';
import { TimeRuler } from './TimeRuler.tsx';
import { usePlayThrough } from './use-play-through.ts';
import { useWaveform } from './use-waveform.ts';

/**
 * The audio tool: the item's waveform (peaks from the server for long files), play / pause, speed and zoom, and
 * regions that carry a label and (when the tool asks for it) a transcript. Drag on the waveform or press the mark
 * key twice (start and end at the playhead) to make a region; drag or resize it to change it; the list edits
 * labels and transcripts. Every finished change goes to `onChange` (the frame keeps undo / redo and drafts).
 */
export function AudioAnnotator({ template, item, value, onChange, readOnly, panel }: MediaToolProps) {
  const { t } = useTranslation('audio-tool');
  const tool = useMemo(() => audioToolOf(template), [template]);
  const media = useMemo(() => audioMediaOf(template), [template]);
  const labels = useMemo(() => audioLabels(template, tool), [template, tool]);
  const containerRef = useRef<HTMLDivElement>(null);
  const waveform = useWaveform(containerRef, item);
  const { ws, ready, duration } = waveform;
  const playedThrough = usePlayThrough(ws, duration, !!media?.must_play_through && !readOnly, t('must_play_through'));
  const [speed, setSpeed] = useState(1);
  const changeSpeed = useCallback(
    (next: number) => {
      setSpeed(next);
      ws?.setPlaybackRate(next);
    },
    [ws],
  );

  return (
    <div data-testid="audio-annotator" data-ready={ready} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Typography.Text type="secondary">
        #{item.seq} {item.name}
      </Typography.Text>
      {waveform.failed ? (
        <Alert
          type="error"
          showIcon
          title={t('load_failed')}
          description={t('load_failed_hint')}
          action={
            <Button size="small" onClick={waveform.retry} data-testid="audio-retry">
              {t('retry')}
            </Button>
          }
          data-testid="audio-load-failed"
        />
      ) : (
        <PlayerBar
          ws={ws}
          ready={ready}
          playing={waveform.playing}
          duration={duration}
          zoom={waveform.zoom}
          speed={speed}
          onSpeed={changeSpeed}
        />
      )}
      {waveform.fallbackReason && !waveform.failed && (
        <Typography.Text type="secondary" data-testid="audio-peaks-fallback">
          {t('peaks_fallback', { reason: waveform.fallbackReason })}
        </Typography.Text>
      )}
      <div style={{ position: 'relative', display: waveform.failed ? 'none' : undefined }}>
        <div
          ref={containerRef}
          data-testid="audio-waveform"
          style={{ minHeight: 128, background: '#fafafa', borderRadius: 4, cursor: readOnly ? 'pointer' : 'crosshair' }}
        />
        <TimeRuler ws={ready ? ws : null} duration={duration} />
        {!ready && (
          <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <Spin />
          </div>
        )}
      </div>
      {!waveform.failed && (
        <RegionEditor
          tool={tool}
          labels={labels}
          waveform={waveform}
          value={value}
          onChange={onChange}
          readOnly={readOnly}
          panel={panel}
          required={!!media?.must_play_through && !readOnly}
          playedThrough={playedThrough}
        />
      )}
    </div>
  );
}
