import { DragOutlined, ExpandOutlined, SelectOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelBar } from '../image/AnnotatorBars.tsx';
import { eventShortcut } from '../image/image-model.ts';
import { Viewport } from '../image/viewport.ts';
import { addSubmitGuard } from '../submit-guards.ts';
import type { MediaToolProps } from '../tool-props.ts';
import { TrackPanel } from './TrackPanel.tsx';
import { type ListedTrack, TrackTimeline } from './TrackTimeline.tsx';
import {
  adjacentKeyFrame,
  type Box,
  boxAt,
  isVideoTrack,
  newTrackId,
  removeKeyFrame,
  setKeyFrame,
  setOutside,
  type VideoTrack,
} from './track-model.ts';
import { usePlayableVideo } from './use-playable-video.ts';
import { useVideoFrames } from './use-video-frames.ts';
import { type ShownBox, VideoCanvas } from './VideoCanvas.tsx';
import { VideoControls } from './VideoControls.tsx';
import { videoSetup } from './video-template.ts';

const trackOf = (shapes: readonly unknown[], id: string) =>
  shapes.find((s): s is VideoTrack => isVideoTrack(s) && s.id === id);

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('input, textarea, select, [contenteditable], [role="slider"]');

/**
 * The video annotation tool (docs/results.md, "Video"; track-model.ts for key frames and interpolation). The video
 * is stepped at the template's frame rate; a box drawn on a frame starts a track with a key frame there, moving or
 * resizing it on another frame adds a key frame, frames between show the interpolated box. Keys (the template's
 * tool and label shortcuts win): Space play / pause, ← → one frame, Shift+← → ten frames, Home / End the first and
 * last frame, , and . the selected track's previous and next key frame, K key the shown box, O outside from here,
 * Delete removes the key frame on this frame (Shift+Delete the track), Escape cancels the selection.
 */
export function VideoAnnotator({ template, item, value, onChange, readOnly }: MediaToolProps) {
  const { t } = useTranslation(['video-tool', 'annotation-tools']);
  const setup = useMemo(() => videoSetup(template), [template]);
  const [mode, setMode] = useState<string>(() => (readOnly ? 'select' : (setup.tools[0]?.id ?? 'select')));
  const [label, setLabel] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  /** Tracks hidden while reading only (a reviewer's view, not an edit of the result). */
  const [viewHidden, setViewHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [viewport] = useState(() => new Viewport());
  const zoomRef = useRef<HTMLSpanElement>(null);
  const spaceRef = useRef(false);
  const paintRef = useRef<(() => void) | null>(null);
  const paint = useCallback(() => paintRef.current?.(), []);
  const playable = usePlayableVideo(item, setup.fps);
  const frames = useVideoFrames(playable.url, setup.fps, String(item.id), paint, playable.onBrowserError);
  const { frame } = frames;
  const height = Math.max(300, Math.round(window.innerHeight * 0.5));

  useEffect(() => {
    viewport.label = zoomRef.current;
  }, [viewport]);

  const tracks = useMemo(
    () =>
      value.shapes.filter(isVideoTrack).map(
        (track, index): ListedTrack => ({
          track: readOnly && viewHidden.has(track.id) ? { ...track, hidden: true } : track,
          index,
          color: setup.colorOf(track.tool, track.label),
        }),
      ),
    [value.shapes, setup, readOnly, viewHidden],
  );
  const selected = tracks.find((l) => l.track.id === selectedId) ?? null;
  const boxes = useMemo(
    () =>
      tracks.flatMap(({ track, color, index }): ShownBox[] => {
        const box = track.hidden ? null : boxAt(track, frame);
        const caption = `${index + 1} ${track.label ?? ''}`.trim();
        return box ? [{ id: track.id, box, color, locked: !!track.locked, caption }] : [];
      }),
    [tracks, frame],
  );
  const barTool = selected?.track.tool ?? (setup.byId.has(mode) ? mode : setup.tools[0]?.id);
  const labels = setup.labelsOf(barTool);
  const labelFor = (toolId: string) => {
    const own = setup.labelsOf(toolId);
    return own.some((l) => l.name === label) ? label : (own[0]?.name ?? null);
  };

  const live = useRef({ value, onChange, readOnly, selected, frame, mode, setup, labelFor, frames, played: false });
  live.current = { value, onChange, readOnly, selected, frame, mode, setup, labelFor, frames, played: frames.played };

  const replace = useCallback((id: string, next: VideoTrack | null) => {
    const { value, onChange, readOnly } = live.current;
    if (readOnly) return;
    const shapes = next
      ? value.shapes.map((s) => (isVideoTrack(s) && s.id === id ? next : s))
      : value.shapes.filter((s) => !(isVideoTrack(s) && s.id === id));
    onChange({ ...value, shapes });
    if (!next) setSelectedId(null);
  }, []);
  const edit = useCallback(
    (id: string, box: Box) => {
      const track = trackOf(live.current.value.shapes, id);
      if (track && !track.locked) replace(id, setKeyFrame(track, live.current.frame, box));
    },
    [replace],
  );
  const create = useCallback((box: Box) => {
    const { value, onChange, readOnly, mode, setup, labelFor, frame } = live.current;
    const tool = setup.byId.get(mode);
    if (readOnly || !tool) return;
    const trackLabel = labelFor(tool.id);
    const track: VideoTrack = {
      id: newTrackId(value.shapes),
      tool: tool.id,
      type: 'video_track',
      ...(trackLabel ? { label: trackLabel } : {}),
      frames: [{ frame, ...box, key: true }],
    };
    onChange({ ...value, shapes: [...value.shapes, track] });
    setSelectedId(track.id);
  }, []);
  const patch = useCallback(
    (id: string, change: Partial<Pick<VideoTrack, 'hidden' | 'locked'>>) => {
      if (live.current.readOnly) {
        setViewHidden((now) => {
          const next = new Set(now);
          if (change.hidden) next.add(id);
          else next.delete(id);
          return next;
        });
        return;
      }
      const track = trackOf(live.current.value.shapes, id);
      if (track) replace(id, { ...track, ...change });
    },
    [replace],
  );
  const pickLabel = useCallback(
    (name: string) => {
      setLabel(name);
      const { selected, setup, readOnly } = live.current;
      const track = selected?.track;
      if (readOnly || !track || track.locked || track.label === name) return;
      if (setup.labelsOf(track.tool).some((l) => l.name === name)) replace(track.id, { ...track, label: name });
    },
    [replace],
  );
  const keyShown = useCallback(() => {
    const track = live.current.selected?.track;
    const shown = track && boxAt(track, live.current.frame);
    if (track && shown && !track.locked) replace(track.id, setKeyFrame(track, live.current.frame, shown));
  }, [replace]);
  const removeKey = useCallback(() => {
    const track = live.current.selected?.track;
    if (track && !track.locked && boxAt(track, live.current.frame)?.key) {
      replace(track.id, removeKeyFrame(track, live.current.frame));
    }
  }, [replace]);
  const outside = useCallback(
    (gone: boolean) => {
      const track = live.current.selected?.track;
      if (track && !track.locked) replace(track.id, setOutside(track, live.current.frame, gone));
    },
    [replace],
  );
  const removeTrack = useCallback(() => {
    const track = live.current.selected?.track;
    if (track && !track.locked) replace(track.id, null);
  }, [replace]);

  // The template's "must play through": the frame asks before it submits.
  useEffect(() => {
    if (readOnly || !setup.mustPlayThrough) return;
    return addSubmitGuard(() => {
      if (live.current.played) return null;
      setBlocked(true);
      return t('must_play_through_error');
    });
  }, [readOnly, setup.mustPlayThrough, t]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (typing(event.target) || event.ctrlKey || event.metaKey) return;
      const { setup, readOnly, selected, frames, frame } = live.current;
      const key = eventShortcut(event);
      const tool = key ? setup.toolKeys.get(key) : undefined;
      const labelName = key ? setup.labelKeys.get(key) : undefined;
      if (tool && !readOnly) {
        event.preventDefault();
        setMode(tool);
        return;
      }
      if (labelName) {
        event.preventDefault();
        pickLabel(labelName);
        return;
      }
      const step = event.shiftKey ? 10 : 1;
      const navigation: Record<string, () => void> = {
        ' ': frames.toggle,
        ArrowLeft: () => frames.step(-step),
        ArrowRight: () => frames.step(step),
        Home: () => frames.seek(0),
        End: () => frames.seek(frames.count - 1),
        ',': () => {
          const at = selected && adjacentKeyFrame(selected.track, frame, -1);
          if (at !== null && at !== undefined) frames.seek(at);
        },
        '.': () => {
          const at = selected && adjacentKeyFrame(selected.track, frame, 1);
          if (at !== null && at !== undefined) frames.seek(at);
        },
        Escape: () => setSelectedId(null),
      };
      const go = navigation[event.key];
      if (go) {
        event.preventDefault();
        go();
        return;
      }
      if (readOnly || !selected) return;
      const lower = event.key.toLowerCase();
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        if (event.shiftKey) removeTrack();
        else removeKey();
      } else if (lower === 'k') keyShown();
      else if (lower === 'o') {
        const shown = boxAt(selected.track, frame);
        if (shown) outside(!shown.outside);
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') spaceRef.current = false;
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [pickLabel, removeKey, removeTrack, keyShown, outside]);

  const selectTrack = useCallback((id: string | null) => setSelectedId(id), []);
  const drawColor = setup.colorOf(mode, setup.byId.has(mode) ? (labelFor(mode) ?? undefined) : undefined);
  return (
    <div data-testid="video-annotator" data-played={frames.played ? 'true' : 'false'}>
      <Space wrap size={[8, 8]} style={{ marginBottom: 8 }}>
        <Space.Compact>
          <Button
            icon={<SelectOutlined />}
            type={mode === 'select' ? 'primary' : 'default'}
            onClick={() => setMode('select')}
            title={t('select_hint')}
            data-testid="video-tool-select"
          >
            {t('select')}
          </Button>
          <Button
            icon={<DragOutlined />}
            type={mode === 'hand' ? 'primary' : 'default'}
            onClick={() => setMode('hand')}
            title={t('hand')}
            aria-label={t('hand')}
            data-testid="video-tool-hand"
          />
        </Space.Compact>
        {!readOnly && setup.tools.length > 0 && (
          <Space.Compact>
            {setup.tools.map((tool) => (
              <Button
                key={tool.id}
                type={mode === tool.id ? 'primary' : 'default'}
                onClick={() => setMode(tool.id)}
                title={t('draw_hint')}
                data-testid={`video-tool-${tool.id}`}
              >
                {tool.label || t('annotation-tools:c_video_track')}
                {tool.shortcut && <span style={{ opacity: 0.7 }}>{tool.shortcut.toUpperCase()}</span>}
              </Button>
            ))}
          </Space.Compact>
        )}
        <Space.Compact>
          <Button icon={<ZoomOutOutlined />} onClick={() => viewport.zoomAt(1 / 1.25)} aria-label={t('zoom_out')} />
          <Button style={{ minWidth: 64, pointerEvents: 'none' }}>
            <span ref={zoomRef}>100%</span>
          </Button>
          <Button icon={<ZoomInOutlined />} onClick={() => viewport.zoomAt(1.25)} aria-label={t('zoom_in')} />
          <Button icon={<ExpandOutlined />} onClick={() => viewport.fit()} aria-label={t('fit')} title={t('fit')} />
        </Space.Compact>
      </Space>
      {!readOnly && (
        <LabelBar
          labels={labels}
          current={selected ? (selected.track.label ?? null) : labelFor(barTool ?? '')}
          onPick={pickLabel}
        />
      )}
      {blocked && !frames.played && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('must_play_through_error')}
          data-testid="video-must-play"
        />
      )}
      {frames.status === 'error' && !playable.converting && (
        <Alert
          type="error"
          showIcon
          title={t('video_error')}
          description={playable.failure}
          style={{ marginBottom: 8 }}
          data-testid="video-error"
        />
      )}
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Spin
            spinning={frames.status === 'loading' || playable.converting}
            tip={t(playable.converting ? 'video_converting' : 'video_loading')}
          >
            <div data-video-ready={frames.status === 'ready' ? 'true' : 'false'} data-testid="video-ready">
              <VideoCanvas
                video={frames.video}
                size={frames.size}
                boxes={boxes}
                selectedId={selectedId}
                mode={mode}
                readOnly={readOnly}
                drawColor={drawColor}
                viewport={viewport}
                spaceRef={spaceRef}
                paintRef={paintRef}
                height={height}
                frame={frame}
                onSelect={selectTrack}
                onEdit={edit}
                onCreate={create}
              />
            </div>
          </Spin>
          <VideoControls frames={frames} fps={setup.fps} mustPlayThrough={setup.mustPlayThrough} />
        </div>
        <div style={{ flex: '0 0 220px', minWidth: 0 }}>
          <TrackPanel
            track={selected?.track ?? null}
            index={selected?.index ?? 0}
            frame={frame}
            readOnly={readOnly}
            onSeek={frames.seek}
            onKey={keyShown}
            onRemoveKey={removeKey}
            onOutside={outside}
            onDelete={removeTrack}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
            {t(readOnly ? 'keys_read_only' : 'keys')}
          </Typography.Paragraph>
        </div>
      </div>
      <TrackTimeline
        tracks={tracks}
        frame={frame}
        count={frames.count}
        selectedId={selectedId}
        readOnly={readOnly}
        onSelect={selectTrack}
        onSeek={frames.seek}
        onPatch={patch}
      />
    </div>
  );
}

export default VideoAnnotator;
