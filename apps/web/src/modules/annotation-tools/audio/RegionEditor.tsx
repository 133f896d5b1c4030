import { Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InSidePanel } from '../InSidePanel.tsx';
import type { MediaToolProps } from '../tool-props.ts';
import { AudioLabelBar, MarkBar } from './AudioToolbar.tsx';
import { type AudioShape, isAudioShape, newId, roundTime, spanOf } from './audio-shapes.ts';
import { type AudioTool, type audioLabels, markKeyOf } from './audio-template.ts';
import { RegionList, type RegionRow } from './RegionList.tsx';
import { type AudioKeyActions, useAudioKeys } from './use-audio-keys.ts';
import { type DrawnRegion, useRegionSync } from './use-region-sync.ts';
import type { useWaveform } from './use-waveform.ts';

const GREY = '#8c8c8c';
const PENDING = '__pending';
/** Region fills: the label's colour, stronger when selected. */
const fill = (color: string, selected: boolean) => `${color}${selected ? '73' : '33'}`;

/**
 * The regions of the audio tool: the label bar, the mark key and button, the regions on the waveform (kept in step
 * with the result by useRegionSync) and the region list (in the frame's side panel when given). The label bar and
 * label keys choose the label of the next region; a row's label control relabels its region (label-pick.ts).
 * Every finished change goes to `onChange`.
 */
export function RegionEditor({
  tool,
  labels,
  waveform,
  value,
  onChange,
  readOnly,
  panel,
  required,
  playedThrough,
}: Pick<MediaToolProps, 'value' | 'onChange' | 'readOnly' | 'panel'> & {
  tool: AudioTool | null;
  labels: ReturnType<typeof audioLabels>;
  waveform: ReturnType<typeof useWaveform>;
  required: boolean;
  playedThrough: boolean;
}) {
  const { t } = useTranslation('audio-tool');
  const { ws, regions, ready, duration } = waveform;
  const [current, setCurrent] = useState(labels[0]?.name ?? '');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pendingStart, setPendingStart] = useState<number | null>(null);
  /** Regions hidden by a read-only viewer (the result is not theirs to change). */
  const [viewHidden, setViewHidden] = useState<ReadonlySet<string>>(new Set());
  const toolId = tool?.id ?? '';
  const markKey = markKeyOf(tool);
  const colors = useMemo(() => new Map(labels.map((l) => [l.name, l.color])), [labels]);

  const shapes = useMemo(
    () =>
      tool
        ? value.shapes.filter((s): s is AudioShape => isAudioShape(s, toolId)).sort((a, b) => a.start - b.start)
        : [],
    [value.shapes, tool, toolId],
  );
  const isHidden = useCallback(
    (s: AudioShape) => (readOnly ? viewHidden.has(s.id) : !!s.hidden),
    [readOnly, viewHidden],
  );

  const commit = (next: unknown[]) => onChange({ ...value, shapes: next });
  const mapShape = (id: string, change: (s: AudioShape) => AudioShape) =>
    commit(value.shapes.map((s) => (isAudioShape(s, toolId) && s.id === id ? change(s) : s)));
  const addRegion = (start: number, end: number) => {
    if (!tool || readOnly) return;
    const span = spanOf(start, end, duration);
    if (!span) return;
    const id = newId(new Set(shapes.map((s) => s.id)));
    const shape: AudioShape = { id, tool: tool.id, type: 'audio_segment', ...span };
    if (current) shape.label = current;
    commit([...value.shapes, shape]);
    setSelectedId(id);
  };
  const moveRegion = (id: string, start: number, end: number) => {
    const shape = shapes.find((s) => s.id === id);
    const span = spanOf(start, end, duration);
    if (!shape || !span || shape.locked || readOnly) return;
    if (shape.start === span.start && shape.end === span.end) return;
    mapShape(id, (s) => ({ ...s, ...span }));
  };
  const patch = (id: string, change: Partial<AudioShape>) => {
    const shape = shapes.find((s) => s.id === id);
    if (!shape || readOnly || (shape.locked && change.locked === undefined)) return;
    mapShape(id, (s) => {
      const next = { ...s, ...change };
      if (next.transcript === '') delete next.transcript;
      return next;
    });
  };
  const deleteRegion = (id: string) => {
    const shape = shapes.find((s) => s.id === id);
    if (!shape || shape.locked || readOnly) return;
    commit(value.shapes.filter((s) => !(isAudioShape(s, toolId) && s.id === id)));
    if (selectedId === id) setSelectedId(null);
  };
  /** Selects a region; from the list (`seek`) the playhead goes to its start unless the audio is playing. */
  const select = (id: string, seek = true) => {
    setSelectedId(id);
    const shape = shapes.find((s) => s.id === id);
    if (seek && shape && ws && !ws.isPlaying()) ws.setTime(shape.start);
  };
  /** The label bar and label keys: the label of the next region only. */
  const pick = (name: string) => setCurrent(name);
  const mark = () => {
    if (!ws || !ready || !tool || readOnly) return;
    const now = roundTime(ws.getCurrentTime());
    if (pendingStart === null) {
      setPendingStart(now);
      return;
    }
    setPendingStart(null);
    addRegion(pendingStart, now);
  };
  const toggleHidden = (id: string) => {
    if (readOnly) {
      setViewHidden((old) => {
        const next = new Set(old);
        if (!next.delete(id)) next.add(id);
        return next;
      });
      return;
    }
    const shape = shapes.find((s) => s.id === id);
    if (shape) mapShape(id, (s) => ({ ...s, hidden: !s.hidden }));
  };
  const playRegion = (id: string) => {
    const shape = shapes.find((s) => s.id === id);
    if (!ws || !shape) return;
    setSelectedId(id);
    void ws.play(shape.start, shape.end);
  };

  const latest: AudioKeyActions & {
    add: typeof addRegion;
    move: typeof moveRegion;
    select: typeof select;
    patch: typeof patch;
    remove: typeof deleteRegion;
    toggleHidden: typeof toggleHidden;
    playRegion: typeof playRegion;
  } = {
    togglePlay: () => void ws?.playPause(),
    skip: (seconds) => ws?.setTime(Math.min(duration, Math.max(0, ws.getCurrentTime() + seconds))),
    mark,
    pick,
    deleteSelected: () => selectedId && deleteRegion(selectedId),
    cancel: () => {
      setPendingStart(null);
      setSelectedId(null);
    },
    markKey,
    readOnly: readOnly || !tool,
    labels,
    add: addRegion,
    move: moveRegion,
    select,
    patch,
    remove: deleteRegion,
    toggleHidden,
    playRegion,
  };
  const actions = useRef(latest);
  actions.current = latest;
  useAudioKeys(actions);

  // Stable callbacks for the memoised list rows and the region plugin.
  const onSelect = useCallback((id: string) => actions.current.select(id), []);
  const onPatch = useCallback((id: string, change: Partial<AudioShape>) => actions.current.patch(id, change), []);
  const onDelete = useCallback((id: string) => actions.current.remove(id), []);
  const onToggleHidden = useCallback((id: string) => actions.current.toggleHidden(id), []);
  const onPlay = useCallback((id: string) => actions.current.playRegion(id), []);
  const onPick = useCallback((name: string) => actions.current.pick(name), []);
  const onMark = useCallback(() => actions.current.mark(), []);

  const drawn = useMemo<DrawnRegion[]>(() => {
    const list: DrawnRegion[] = shapes
      .filter((s) => !isHidden(s))
      .map((s) => ({
        id: s.id,
        start: s.start,
        end: s.end,
        color: fill(colors.get(s.label ?? '') ?? GREY, s.id === selectedId),
        content: s.label ?? '',
        editable: !readOnly && !s.locked,
      }));
    if (pendingStart !== null) {
      list.push({
        id: PENDING,
        start: pendingStart,
        end: pendingStart,
        color: '#f5222d',
        content: '',
        editable: false,
      });
    }
    return list;
  }, [shapes, isHidden, colors, selectedId, readOnly, pendingStart]);
  useRegionSync(regions, ready, drawn, tool && !readOnly ? fill(colors.get(current) ?? GREY, true) : null, {
    onCreate: (start, end) => actions.current.add(start, end),
    onMove: (id, start, end) => actions.current.move(id, start, end),
    onSelect: (id) => actions.current.select(id, false),
  });

  const rows = useMemo<RegionRow[]>(
    () =>
      shapes.map((shape, index) => ({
        shape,
        index,
        color: colors.get(shape.label ?? '') ?? GREY,
        hidden: isHidden(shape),
      })),
    [shapes, colors, isHidden],
  );

  return (
    <>
      {tool && <AudioLabelBar labels={labels} current={current} readOnly={readOnly} onPick={onPick} />}
      <MarkBar
        markKey={markKey}
        pendingStart={pendingStart}
        ready={ready}
        readOnly={readOnly || !tool}
        onMark={onMark}
        required={required}
        playedThrough={playedThrough}
      />
      {tool && (
        <InSidePanel panel={panel}>
          <RegionList
            rows={rows}
            selectedId={selectedId}
            readOnly={readOnly}
            transcript={tool.transcript}
            labels={labels}
            onSelect={onSelect}
            onPatch={onPatch}
            onToggleHidden={onToggleHidden}
            onDelete={onDelete}
            onPlay={onPlay}
          />
        </InSidePanel>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(readOnly || !tool ? 'keys_hint_read_only' : 'keys_hint', { key: markKey.toUpperCase() })}
      </Typography.Text>
    </>
  );
}
