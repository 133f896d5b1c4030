import { Alert, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanvasToolBar } from '../CanvasToolBar.tsx';
import { InSidePanel } from '../InSidePanel.tsx';
import { LabelBar } from '../image/AnnotatorBars.tsx';
import { Viewport } from '../image/viewport.ts';
import { labelForNext } from '../label-pick.ts';
import { addSubmitGuard } from '../submit-guards.ts';
import type { MediaToolProps } from '../tool-props.ts';
import { useFillHeight } from '../use-fill-height.ts';
import { TrackPanel } from './TrackPanel.tsx';
import { type ListedTrack, TrackTimeline } from './TrackTimeline.tsx';
import { boxAt, isVideoTrack } from './track-model.ts';
import { usePlayableVideo } from './use-playable-video.ts';
import { type LiveAnnotator, useTrackEdits } from './use-track-edits.ts';
import { useVideoFrames } from './use-video-frames.ts';
import { useVideoKeys } from './use-video-keys.ts';
import { type ShownBox, VideoCanvas } from './VideoCanvas.tsx';
import { VideoControls } from './VideoControls.tsx';
import { videoSetup } from './video-template.ts';

/**
 * The video annotation tool (docs/annotation-tools.md, "Video"; track-model.ts for key frames and interpolation). The video
 * is stepped at the template's frame rate; a box drawn on a frame starts a track with a key frame there, moving or
 * resizing it on another frame adds a key frame, frames between show the interpolated box. Keys (the template's
 * tool and label shortcuts win): Space play / pause, ← → one frame, Shift+← → ten frames, Home / End the first and
 * last frame, , and . the selected track's previous and next key frame, K key the shown box, O outside from here,
 * Delete removes the key frame on this frame (Shift+Delete the track), Escape cancels the selection. The label bar
 * and label keys choose the label of the next track; the track panel changes a track's label (label-pick.ts).
 */
export function VideoAnnotator({ template, item, value, onChange, readOnly, panel }: MediaToolProps) {
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
  const stageAreaRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(stageAreaRef, 240, Math.max(300, Math.round(window.innerHeight * 0.5)));

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
  const barTool = setup.byId.has(mode) ? mode : setup.tools[0]?.id;
  const labels = setup.labelsOf(barTool);
  const labelFor = (toolId: string) => labelForNext(setup.labelsOf(toolId), label);

  const live = useRef<LiveAnnotator>({
    value,
    onChange,
    readOnly,
    selected,
    frame,
    mode,
    setup,
    labelFor,
    frames,
    played: false,
  });
  live.current = { value, onChange, readOnly, selected, frame, mode, setup, labelFor, frames, played: frames.played };
  const { edit, create, patch, pickLabel, relabelTrack, keyShown, removeKey, outside, removeTrack } = useTrackEdits(
    live,
    {
      setSelectedId,
      setLabel,
      setViewHidden,
    },
  );

  // The template's "must play through": the frame asks before it submits.
  useEffect(() => {
    if (readOnly || !setup.mustPlayThrough) return;
    return addSubmitGuard(() => {
      if (live.current.played) return null;
      setBlocked(true);
      return t('must_play_through_error');
    });
  }, [readOnly, setup.mustPlayThrough, t]);

  useVideoKeys(live, spaceRef, { setMode, setSelectedId, pickLabel, removeKey, removeTrack, keyShown, outside });

  const selectTrack = useCallback((id: string | null) => setSelectedId(id), []);
  const drawColor = setup.colorOf(mode, setup.byId.has(mode) ? (labelFor(mode) ?? undefined) : undefined);
  return (
    <div
      data-testid="video-annotator"
      data-played={frames.played ? 'true' : 'false'}
      style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <CanvasToolBar
        namespace="video-tool"
        testIdPrefix="video-tool-"
        zoomTestIds={{ level: 'video-zoom-level', fit: 'video-zoom-fit' }}
        drawHint={t('draw_hint')}
        tools={setup.tools}
        mode={mode}
        readOnly={readOnly}
        onMode={setMode}
        viewport={viewport}
        zoomRef={zoomRef}
      />
      {!readOnly && <LabelBar labels={labels} current={labelFor(barTool ?? '')} onPick={pickLabel} />}
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
      <div style={{ display: 'flex', gap: 12, flex: '1 1 0', minHeight: 280 }}>
        <div style={{ flex: '1 1 420px', minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <div ref={stageAreaRef} style={{ flex: '1 1 0', minHeight: 240, overflow: 'hidden' }}>
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
          </div>
          <VideoControls frames={frames} fps={setup.fps} mustPlayThrough={setup.mustPlayThrough} />
        </div>
        <InSidePanel panel={panel}>
          <div style={panel ? undefined : { flex: '0 0 220px', minWidth: 0 }}>
            <TrackPanel
              track={selected?.track ?? null}
              index={selected?.index ?? 0}
              labels={selected ? setup.labelsOf(selected.track.tool) : []}
              frame={frame}
              readOnly={readOnly}
              onRelabel={relabelTrack}
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
        </InSidePanel>
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
