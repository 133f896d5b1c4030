import {
  CaretRightOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  ColumnWidthOutlined,
  PauseOutlined,
  ScissorOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type WaveSurfer from 'wavesurfer.js';
import { formatClock, type ToolLabel } from './audio-template.ts';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** Zoom steps in pixels per second (0 = the whole file fits). */
const MAX_ZOOM = 2000;

/** The playhead and the length, updated at most once a frame while playing. */
function TimeReadout({ ws, duration }: { ws: WaveSurfer | null; duration: number }) {
  const [time, setTime] = useState(0);
  useEffect(() => {
    if (!ws) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTime(ws.getCurrentTime()));
    };
    const offs = [ws.on('timeupdate', update), ws.on('seeking', update), ws.on('interaction', update)];
    return () => {
      cancelAnimationFrame(frame);
      for (const off of offs) off();
    };
  }, [ws]);
  return (
    <Typography.Text code data-testid="audio-time" data-time={time.toFixed(3)}>
      {formatClock(time)} / {formatClock(duration)}
    </Typography.Text>
  );
}

/** Play / pause, the playhead, speed and zoom. */
export const PlayerBar = memo(function PlayerBar({
  ws,
  ready,
  playing,
  duration,
  zoom,
  speed,
  onSpeed,
}: {
  ws: WaveSurfer | null;
  ready: boolean;
  playing: boolean;
  duration: number;
  zoom: number;
  speed: number;
  onSpeed: (speed: number) => void;
}) {
  const { t } = useTranslation('audio-tool');
  // The zoom that fits the width, as the starting point of zooming in.
  const fit = ws && duration > 0 ? ws.getWidth() / duration : 0;
  const current = zoom > 0 ? zoom : fit;
  const zoomTo = (next: number) => ws?.zoom(Math.min(MAX_ZOOM, Math.max(0, next)));
  return (
    <Space wrap size={[8, 6]}>
      <Button
        type="primary"
        icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
        disabled={!ready}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => void ws?.playPause()}
        data-testid="audio-play"
        data-playing={playing}
      >
        {playing ? t('pause') : t('play')}
      </Button>
      <TimeReadout ws={ws} duration={duration} />
      <Select
        size="small"
        style={{ width: 96 }}
        value={speed}
        options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
        onChange={onSpeed}
        aria-label={t('speed')}
        data-testid="audio-speed"
        prefix={<ClockCircleOutlined />}
      />
      <Space.Compact>
        <Button
          size="small"
          icon={<ZoomOutOutlined />}
          disabled={!ready || zoom <= 0}
          onClick={() => zoomTo(current / 2 <= fit ? 0 : current / 2)}
          aria-label={t('zoom_out')}
          title={t('zoom_out')}
          data-testid="audio-zoom-out"
        />
        <Button
          size="small"
          icon={<ZoomInOutlined />}
          disabled={!ready || current >= MAX_ZOOM}
          onClick={() => zoomTo(Math.max(current * 2, 1))}
          aria-label={t('zoom_in')}
          title={t('zoom_in')}
          data-testid="audio-zoom-in"
        />
        <Button
          size="small"
          icon={<ColumnWidthOutlined />}
          disabled={!ready || zoom <= 0}
          onClick={() => zoomTo(0)}
          aria-label={t('zoom_fit')}
          title={t('zoom_fit')}
          data-testid="audio-zoom-fit"
        />
      </Space.Compact>
    </Space>
  );
});

/** The label the next region gets (a click or its shortcut picks one; it never relabels a region: label-pick.ts). */
export const AudioLabelBar = memo(function AudioLabelBar({
  labels,
  current,
  readOnly,
  onPick,
}: {
  labels: ToolLabel[];
  current: string;
  readOnly: boolean;
  onPick: (name: string) => void;
}) {
  const { t } = useTranslation(['audio-tool', 'annotation-tools']);
  if (labels.length === 0) return <Typography.Text type="secondary">{t('labels_empty')}</Typography.Text>;
  return (
    <Space wrap size={[6, 6]}>
      <Typography.Text type="secondary">{t('annotation-tools:label_for_next')}</Typography.Text>
      {labels.map((label) => (
        <Button
          key={label.name}
          size="small"
          type={label.name === current ? 'primary' : 'default'}
          disabled={readOnly}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(label.name)}
          data-testid={`audio-label-${label.name}`}
          icon={
            <span
              style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: label.color }}
            />
          }
        >
          {label.name}
          {label.shortcut && <Typography.Text type="secondary">{` [${label.shortcut}]`}</Typography.Text>}
        </Button>
      ))}
    </Space>
  );
});

/** Starting / ending a region at the playhead, and the state of the play-through rule. */
export function MarkBar({
  markKey,
  pendingStart,
  ready,
  readOnly,
  onMark,
  required,
  playedThrough,
}: {
  markKey: string;
  pendingStart: number | null;
  ready: boolean;
  readOnly: boolean;
  onMark: () => void;
  required: boolean;
  playedThrough: boolean;
}) {
  const { t } = useTranslation('audio-tool');
  return (
    <Space wrap size={[8, 6]}>
      {!readOnly && (
        <Button
          size="small"
          icon={<ScissorOutlined />}
          type={pendingStart === null ? 'default' : 'primary'}
          disabled={!ready}
          onMouseDown={(event) => event.preventDefault()}
          onClick={onMark}
          data-testid="audio-mark"
        >
          {pendingStart === null ? t('mark_start') : t('mark_end')} [{markKey.toUpperCase()}]
        </Button>
      )}
      {pendingStart !== null && (
        <Typography.Text type="warning" data-testid="audio-mark-pending">
          {t('mark_pending', { time: formatClock(pendingStart), key: markKey.toUpperCase() })}
        </Typography.Text>
      )}
      {required && (
        <Tag
          color={playedThrough ? 'success' : 'warning'}
          icon={playedThrough ? <CheckCircleOutlined /> : <ClockCircleOutlined />}
          data-testid="audio-play-through"
          data-done={playedThrough}
        >
          {playedThrough ? t('played_through') : t('must_play_through')}
        </Tag>
      )}
    </Space>
  );
}
