import { Alert, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanvasToolBar } from '../CanvasToolBar.tsx';
import type { MediaToolProps } from '../tool-props.ts';
import { DraftHintBar, LabelBar } from './AnnotatorBars.tsx';
import type { Draft, DraftHint } from './draft.ts';
import { ImageCanvas } from './ImageCanvas.tsx';
import {
  eventShortcut,
  type Geometry,
  type ImageShape,
  isImageShape,
  newShapeId,
  nextVisibility,
  toolSet,
} from './image-model.ts';
import type { ImageTool } from './image-tools.ts';
import { KeypointPanel, type ListedShape, ShapeList } from './ShapeList.tsx';
import { useHtmlImage } from './use-html-image.ts';
import { Viewport } from './viewport.ts';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('input, textarea, select, [contenteditable]');

/**
 * The image annotation tool (docs/results.md for the geometry, image-model.ts for the rotated box convention).
 * Keys: the template's tool and label shortcuts; Delete removes the selected shape; Escape cancels the drawing or
 * the selection; Enter finishes a polygon, polyline or key points (the points left are absent); Backspace takes
 * back the last point drawn; X skips the next key point (absent); V cycles the selected key point's visibility
 * (visible, occluded, absent); holding Space pans with the main button. The template's shortcuts win over these.
 */
export function ImageAnnotator({ template, item, value, onChange, readOnly }: MediaToolProps) {
  const { t } = useTranslation('image-tool');
  const tools = useMemo(() => toolSet(template), [template]);
  const [mode, setMode] = useState<string>(() => (readOnly ? 'select' : (tools.tools[0]?.id ?? 'select')));
  const [label, setLabel] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [selectedPoint, setSelectedPoint] = useState<number | null>(null);
  const [hint, setHint] = useState<DraftHint | null>(null);
  const [viewport] = useState(() => new Viewport());
  const draftRef = useRef<Draft | null>(null);
  const spaceRef = useRef(false);
  const zoomRef = useRef<HTMLSpanElement>(null);
  const image = useHtmlImage(item.url);
  const height = Math.max(360, Math.round(window.innerHeight * 0.65));

  useEffect(() => {
    viewport.label = zoomRef.current;
  }, [viewport]);

  const listed = useMemo(
    () => value.shapes.flatMap((shape, index): ListedShape[] => (isImageShape(shape) ? [{ shape, index }] : [])),
    [value.shapes],
  );
  const shapes = useMemo(() => listed.map((l) => l.shape), [listed]);
  const selected = shapes.find((s) => s.id === selectedId) ?? null;
  const barTool = selected?.tool ?? (tools.byId.has(mode) ? mode : tools.tools[0]?.id);
  const labels = tools.labelsOf(barTool);
  const labelFor = (toolId: string) => {
    const own = tools.labelsOf(toolId);
    return own.some((l) => l.name === label) ? label : (own[0]?.name ?? null);
  };
  const drawLabel = tools.byId.has(mode) ? labelFor(mode) : null;

  // The latest state for the handlers that memoised rows and nodes keep.
  const live = useRef({ value, onChange, readOnly, selected, label, tools, mode, selectedPoint, labelFor });
  live.current = { value, onChange, readOnly, selected, label, tools, mode, selectedPoint, labelFor };

  const commit = useCallback((next: unknown[]) => {
    const { value, onChange } = live.current;
    onChange({ ...value, shapes: next });
  }, []);
  const edit = useCallback(
    (next: ImageShape) => {
      if (live.current.readOnly) return;
      commit(live.current.value.shapes.map((s) => (isImageShape(s) && s.id === next.id ? next : s)));
    },
    [commit],
  );
  const select = useCallback((id: string | null, point?: number) => {
    setSelectedId(id);
    setSelectedPoint(point ?? null);
  }, []);
  const patch = useCallback(
    (id: string, change: Partial<Pick<ImageShape, 'hidden' | 'locked'>>) => {
      const shape = live.current.value.shapes.find((s): s is ImageShape => isImageShape(s) && s.id === id);
      if (shape) commit(live.current.value.shapes.map((s) => (s === shape ? { ...shape, ...change } : s)));
    },
    [commit],
  );
  const create = useCallback(
    (tool: ImageTool, geometry: Geometry) => {
      const { value, labelFor } = live.current;
      const shapes = value.shapes.filter(isImageShape);
      const shapeLabel = labelFor(tool.id);
      const shape = {
        id: newShapeId(shapes),
        tool: tool.id,
        ...(shapeLabel ? { label: shapeLabel } : {}),
        ...geometry,
      } as ImageShape;
      commit([...value.shapes, shape]);
      setSelectedId(shape.id);
      setSelectedPoint(null);
    },
    [commit],
  );

  const pickLabel = useCallback(
    (name: string) => {
      setLabel(name);
      const { selected, tools, readOnly } = live.current;
      if (readOnly || !selected || selected.locked || selected.label === name) return;
      if (tools.labelsOf(selected.tool).some((l) => l.name === name)) edit({ ...selected, label: name });
    },
    [edit],
  );
  const setVisibility = useCallback(
    (index: number, v: 0 | 1 | 2) => {
      const shape = live.current.selected;
      if (shape?.type !== 'keypoints' || shape.locked) return;
      const placed = shape.points.filter((p) => p.v > 0);
      const points = shape.points.map((p, i) => {
        if (i !== index) return p;
        if (v === 0 || p.v > 0) return { ...p, v };
        // An absent point comes back at the centre of the placed ones (or of the image), to be dragged in place.
        const size = viewport.image ?? { width: 0, height: 0 };
        const n = placed.length;
        const x = n ? placed.reduce((sum, q) => sum + q.x, 0) / n : size.width / 2;
        const y = n ? placed.reduce((sum, q) => sum + q.y, 0) / n : size.height / 2;
        return { x: Math.round(x), y: Math.round(y), v };
      });
      edit({ ...shape, points });
    },
    [edit, viewport],
  );
  const skip = useCallback(() => {
    const { tools, mode, labelFor } = live.current;
    const tool = tools.byId.get(mode);
    if (tool) draftRef.current?.skip(tool, tools.colorOf(tool.id, labelFor(tool.id) ?? undefined));
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (typing(event.target)) return;
      const key = eventShortcut(event);
      if (!key) return;
      const { tools, readOnly, selected, selectedPoint, value } = live.current;
      const draft = draftRef.current;
      const tool = tools.toolKeys.get(key);
      const labelName = tools.labelKeys.get(key);
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
      if (key === 'space') {
        event.preventDefault();
        spaceRef.current = true;
        return;
      }
      if (key === 'escape') {
        if (draft?.active) draft.cancel();
        else select(null);
        return;
      }
      if (readOnly) return;
      if (key === 'enter' && draft?.active) {
        event.preventDefault();
        draft.finish();
      } else if (key === 'backspace' && draft?.active) {
        event.preventDefault();
        draft.undoPoint();
      } else if ((key === 'delete' || key === 'backspace') && selected && !selected.locked) {
        event.preventDefault();
        commit(value.shapes.filter((s) => !(isImageShape(s) && s.id === selected.id)));
        select(null);
      } else if (key === 'x') skip();
      else if (key === 'v' && selected?.type === 'keypoints' && selectedPoint !== null) {
        const point = selected.points[selectedPoint];
        if (point) setVisibility(selectedPoint, nextVisibility(point.v));
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') spaceRef.current = false;
    };
    const onBlur = () => {
      spaceRef.current = false;
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, [commit, pickLabel, select, setVisibility, skip]);

  const selectedTool = selected ? tools.byId.get(selected.tool) : undefined;
  return (
    <div data-testid="image-annotator">
      <CanvasToolBar
        namespace="image-tool"
        testIdPrefix="tool-"
        zoomTestIds={{ level: 'zoom-level', fit: 'zoom-fit' }}
        tools={tools.tools}
        mode={mode}
        readOnly={readOnly}
        onMode={setMode}
        viewport={viewport}
        zoomRef={zoomRef}
      />
      {!readOnly && (
        <LabelBar
          labels={labels}
          current={selected ? (selected.label ?? null) : labelFor(barTool ?? '')}
          onPick={pickLabel}
        />
      )}
      {!readOnly && <DraftHintBar hint={hint} mode={mode} tools={tools.tools} onSkip={skip} />}
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 480px', minWidth: 0, position: 'relative' }}>
          {image.status === 'error' && (
            <Alert type="error" showIcon title={t('image_error')} style={{ marginBottom: 8 }} />
          )}
          <Spin spinning={image.status === 'loading'} tip={t('image_loading')}>
            <ImageCanvas
              image={image.image}
              shapes={shapes}
              tools={tools}
              mode={mode}
              readOnly={readOnly}
              selectedId={selectedId}
              selectedPoint={selectedPoint}
              drawColor={tools.colorOf(mode, drawLabel ?? undefined)}
              viewport={viewport}
              draftRef={draftRef}
              spaceRef={spaceRef}
              height={height}
              onSelect={select}
              onEdit={edit}
              onCreate={create}
              onHint={setHint}
            />
          </Spin>
        </div>
        <div style={{ flex: '0 0 240px', minWidth: 0 }}>
          <ShapeList
            items={listed}
            tools={tools}
            selectedId={selectedId}
            readOnly={readOnly}
            onSelect={select}
            onPatch={patch}
          />
          {selected?.type === 'keypoints' && selectedTool?.type === 'keypoints' && (
            <KeypointPanel
              shape={selected}
              tool={selectedTool}
              selectedPoint={selectedPoint}
              readOnly={readOnly || !!selected.locked}
              onSelectPoint={(i) => setSelectedPoint(i)}
              onVisibility={setVisibility}
            />
          )}
        </div>
      </div>
    </div>
  );
}

export default ImageAnnotator;
