import { Alert, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanvasToolBar } from '../CanvasToolBar.tsx';
import { InSidePanel } from '../InSidePanel.tsx';
import { labelForNext, relabel } from '../label-pick.ts';
import type { MediaToolProps } from '../tool-props.ts';
import { useFillHeight } from '../use-fill-height.ts';
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
 * The image annotation tool (docs/annotation-tools.md for the geometry, image-model.ts for the rotated box convention).
 * The label bar and the label keys choose the label of the next shape and never relabel one (label-pick.ts); a
 * shape's row in the list changes its label. Keys: the template's tool and label shortcuts; Delete removes the selected shape; Escape cancels the drawing or
 * the selection; Enter finishes a polygon, polyline or key points (the points left are absent); Backspace takes
 * back the last point drawn; X skips the next key point (absent); V cycles the selected key point's visibility
 * (visible, occluded, absent); holding Space pans with the main button. The template's shortcuts win over these.
 */
export function ImageAnnotator({ template, item, value, onChange, readOnly, panel }: MediaToolProps) {
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
  const stageAreaRef = useRef<HTMLDivElement>(null);
  const image = useHtmlImage(item.url);
  const height = useFillHeight(stageAreaRef, 300, Math.max(360, Math.round(window.innerHeight * 0.65)));

  useEffect(() => {
    viewport.label = zoomRef.current;
  }, [viewport]);

  const listed = useMemo(
    () => value.shapes.flatMap((shape, index): ListedShape[] => (isImageShape(shape) ? [{ shape, index }] : [])),
    [value.shapes],
  );
  const shapes = useMemo(() => listed.map((l) => l.shape), [listed]);
  const selected = shapes.find((s) => s.id === selectedId) ?? null;
  // The bar offers the labels of the drawing tool in use (of the first tool while selecting).
  const barTool = tools.byId.has(mode) ? mode : tools.tools[0]?.id;
  const labels = tools.labelsOf(barTool);
  const labelFor = (toolId: string) => labelForNext(tools.labelsOf(toolId), label);
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

  /** The label bar and the label keys: the label of the next shape only. */
  const pickLabel = useCallback((name: string) => setLabel(name), []);
  /** A row's "change label": the one way to relabel a finished shape. */
  const relabelShape = useCallback(
    (id: string, name: string) => {
      const { value, tools, readOnly } = live.current;
      const shape = value.shapes.find((s): s is ImageShape => isImageShape(s) && s.id === id);
      const next = !readOnly && shape && relabel(value.shapes, id, name, isImageShape, tools.labelsOf(shape.tool));
      if (next) commit(next);
    },
    [commit],
  );
  const remove = useCallback(
    (id: string) => {
      const { value, readOnly } = live.current;
      const shape = value.shapes.find((s): s is ImageShape => isImageShape(s) && s.id === id);
      if (readOnly || !shape || shape.locked) return;
      commit(value.shapes.filter((s) => s !== shape));
      setSelectedId((now) => (now === id ? null : now));
    },
    [commit],
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
      const { tools, readOnly, selected, selectedPoint } = live.current;
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
        remove(selected.id);
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
  }, [pickLabel, remove, select, setVisibility, skip]);

  const selectedTool = selected ? tools.byId.get(selected.tool) : undefined;
  return (
    <div
      data-testid="image-annotator"
      style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
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
      {!readOnly && <LabelBar labels={labels} current={labelFor(barTool ?? '')} onPick={pickLabel} />}
      {!readOnly && <DraftHintBar hint={hint} mode={mode} tools={tools.tools} onSkip={skip} />}
      <div style={{ display: 'flex', gap: 12, flex: '1 1 0', minHeight: 300 }}>
        <div ref={stageAreaRef} style={{ flex: '1 1 480px', minWidth: 0, position: 'relative', overflow: 'hidden' }}>
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
        <InSidePanel panel={panel}>
          <div style={panel ? undefined : { flex: '0 0 260px', minWidth: 0 }}>
            <ShapeList
              items={listed}
              tools={tools}
              selectedId={selectedId}
              readOnly={readOnly}
              onSelect={select}
              onPatch={patch}
              onRelabel={relabelShape}
              onDelete={remove}
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
        </InSidePanel>
      </div>
    </div>
  );
}

export default ImageAnnotator;
