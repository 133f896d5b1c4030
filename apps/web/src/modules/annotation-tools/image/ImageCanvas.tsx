import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Layer, Shape, Stage, Transformer } from 'react-konva';
import { type Drawn, drawBatch, drawnOf, hitTest } from './batch-draw.ts';
import { Draft, type DraftHint } from './draft.ts';
import { drawImageLevel, imageLevels } from './image-levels.ts';
import { type Geometry, type ImageShape, r2, type ToolSet } from './image-model.ts';
import type { ImageTool } from './image-tools.ts';
import { ShapeNode } from './ShapeNode.tsx';
import type { Viewport } from './viewport.ts';

export interface ImageCanvasProps {
  image: HTMLImageElement | null;
  shapes: ImageShape[];
  tools: ToolSet;
  /** `select`, `hand` or a tool component id. */
  mode: string;
  readOnly: boolean;
  selectedId: string | null;
  selectedPoint: number | null;
  /** The colour of the label new shapes get. */
  drawColor: string;
  viewport: Viewport;
  draftRef: RefObject<Draft | null>;
  /** Space held: the main button pans. */
  spaceRef: RefObject<boolean>;
  height: number;
  onSelect: (id: string | null, point?: number) => void;
  onEdit: (next: ImageShape) => void;
  onCreate: (tool: ImageTool, geometry: Geometry) => void;
  onHint: (hint: DraftHint | null) => void;
}

/**
 * The Konva stage: one layer with the image (not listening), the shapes drawn in one batch (batch-draw.ts), the
 * selected shape as editable nodes and the transformer (one canvas to redraw and composite while panning); and a
 * layer for the shape being drawn, shown only then. Pan, zoom and drawing work on Konva nodes directly; React
 * renders again only when the result or the selection changes.
 */
export function ImageCanvas(props: ImageCanvasProps) {
  const { image, shapes, tools, mode, readOnly, selectedId, selectedPoint, viewport, height } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const draftLayerRef = useRef<Konva.Layer>(null);
  const shapeLayerRef = useRef<Konva.Layer>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const [width, setWidth] = useState(0);
  // The latest props for the Konva and window handlers, which are bound once.
  const live = useRef(props);
  live.current = props;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const observer = new ResizeObserver(() => setWidth(host.clientWidth));
    observer.observe(host);
    setWidth(host.clientWidth);
    return () => observer.disconnect();
  }, []);

  const ready = width > 0;
  useEffect(() => {
    viewport.stage = stageRef.current;
    const layer = ready ? draftLayerRef.current : null;
    if (!layer) return;
    const draft = new Draft(
      layer,
      viewport,
      (tool, geometry) => live.current.onCreate(tool, geometry),
      (hint) => live.current.onHint(hint),
    );
    props.draftRef.current = draft;
    return () => {
      props.draftRef.current = null;
    };
  }, [viewport, props.draftRef, ready]);

  // A new image, or a first size: the whole image in view.
  const fitted = useRef<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!image || width === 0 || fitted.current === image) return;
    fitted.current = image;
    viewport.image = { width: image.naturalWidth, height: image.naturalHeight };
    viewport.fit();
  }, [image, width, viewport]);

  // Switching tools drops a half-drawn shape.
  useEffect(() => {
    const draft = props.draftRef.current;
    if (draft?.tool && draft.tool.id !== mode) draft.cancel();
  }, [mode, props.draftRef]);

  // Every visible shape for the hit test; all but the selected one drawn in one batch, the selected one as nodes.
  const visible = useMemo(
    () =>
      shapes.filter((s) => !s.hidden).map((s) => drawnOf(s, tools.colorOf(s.tool, s.label), tools.byId.get(s.tool))),
    [shapes, tools],
  );
  const batch = useRef<Drawn[]>([]);
  batch.current = visible.filter((d) => d.shape.id !== selectedId);
  useEffect(() => {
    shapeLayerRef.current?.batchDraw();
  });
  const drawScene = useCallback((context: Konva.Context) => {
    drawBatch(context._context, batch.current, context.getCanvas().getPixelRatio());
  }, []);
  const levels = useRef(image ? imageLevels(image) : []);
  const levelsOf = useRef(image);
  if (levelsOf.current !== image) {
    levelsOf.current = image;
    levels.current = image ? imageLevels(image) : [];
  }
  const drawImage = useCallback((context: Konva.Context) => {
    const img = levelsOf.current;
    if (img) drawImageLevel(context._context, levels.current, img.naturalWidth, img.naturalHeight);
  }, []);
  const hits = useRef(visible);
  hits.current = visible;

  // A press on a shape in select mode selects it and goes on as a drag of the shape once its nodes are there.
  const pendingDrag = useRef(false);
  useEffect(() => {
    if (!pendingDrag.current || !selectedId) return;
    pendingDrag.current = false;
    const group = stageRef.current?.findOne<Konva.Group>(`#${selectedId}`);
    if (group?.draggable()) group.startDrag();
  }, [selectedId]);

  const selected = shapes.find((s) => s.id === selectedId);
  const editing = !readOnly && mode === 'select';
  const boxSelected =
    editing && selected && !selected.locked && (selected.type === 'rect' || selected.type === 'rotated_rect');
  useEffect(() => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    const node = boxSelected ? stageRef.current?.findOne(`#${selectedId}-body`) : undefined;
    transformer.nodes(node ? [node] : []);
    transformer.rotateEnabled(selected?.type === 'rotated_rect');
    transformer.getLayer()?.batchDraw();
  });

  const onTransformEnd = useCallback(() => {
    const node = transformerRef.current?.nodes()[0];
    const shape = live.current.shapes.find((s) => s.id === live.current.selectedId);
    if (!node || !shape) return;
    const w = Math.max(1, node.width() * node.scaleX());
    const h = Math.max(1, node.height() * node.scaleY());
    node.scale({ x: 1, y: 1 });
    if (shape.type === 'rect') {
      live.current.onEdit({ ...shape, x: r2(node.x()), y: r2(node.y()), w: r2(w), h: r2(h) });
    } else if (shape.type === 'rotated_rect') {
      // The node sits at the centre with offset (w/2, h/2): x, y are the top-left corner before rotation.
      node.offset({ x: w / 2, y: h / 2 });
      const angle = r2(((node.rotation() % 360) + 360) % 360);
      live.current.onEdit({ ...shape, x: r2(node.x() - w / 2), y: r2(node.y() - h / 2), w: r2(w), h: r2(h), angle });
    }
  }, []);

  const imagePoint = () => {
    const p = stageRef.current?.getRelativePointerPosition();
    if (!p) return null;
    const size = viewport.image;
    if (!size) return p;
    return { x: Math.min(size.width, Math.max(0, p.x)), y: Math.min(size.height, Math.max(0, p.y)) };
  };

  const startPan = (event: MouseEvent) => {
    const stage = stageRef.current;
    if (!stage) return;
    event.preventDefault();
    const from = { x: event.clientX - stage.x(), y: event.clientY - stage.y() };
    const container = stage.container();
    container.style.cursor = 'grabbing';
    const move = (e: MouseEvent) => viewport.panTo(e.clientX - from.x, e.clientY - from.y);
    const up = () => {
      container.style.cursor = '';
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  // Konva reports a double click for any two quick clicks: only two at the same spot finish a line.
  const lastDowns = useRef<{ x: number; y: number }[]>([]);
  const onDblClick = () => {
    const [a, b] = lastDowns.current;
    const draft = live.current.draftRef.current;
    const type = draft?.tool?.type;
    if (a && b && Math.hypot(a.x - b.x, a.y - b.y) < 6 && (type === 'polygon' || type === 'polyline')) draft?.finish();
  };
  const onMouseDown = (event: KonvaEventObject<MouseEvent>) => {
    lastDowns.current = [{ x: event.evt.clientX, y: event.evt.clientY }, ...lastDowns.current].slice(0, 2);
    const { mode, readOnly, tools, drawColor, spaceRef, draftRef } = live.current;
    const button = event.evt.button;
    if (button === 1 || (button === 0 && (spaceRef.current || mode === 'hand'))) return startPan(event.evt);
    if (button !== 0) return;
    const tool = tools.byId.get(mode);
    if (readOnly || !tool) {
      if (event.target !== event.currentTarget) return;
      const p = stageRef.current?.getRelativePointerPosition();
      const hit = p ? hitTest(hits.current, p.x, p.y, 6 / viewport.scale) : null;
      pendingDrag.current = !!hit && !readOnly && mode === 'select';
      live.current.onSelect(hit?.id ?? null, hit?.point);
      return;
    }
    const p = imagePoint();
    if (p) draftRef.current?.down(tool, p, drawColor);
  };
  const onMouseMove = () => {
    const draft = live.current.draftRef.current;
    if (!draft?.active) return;
    const p = imagePoint();
    if (p) draft.move(p);
  };
  const onMouseUp = () => {
    pendingDrag.current = false;
    const draft = live.current.draftRef.current;
    const p = imagePoint();
    if (draft?.active && p) draft.up(p);
  };
  const onWheel = (event: KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    viewport.wheel(event.evt);
  };

  const listening = editing;
  const cursor = mode === 'hand' ? 'grab' : mode === 'select' || readOnly ? 'default' : 'crosshair';
  return (
    <div
      ref={hostRef}
      data-testid="image-stage"
      data-image-ready={image ? 'true' : 'false'}
      style={{ height, background: '#1f1f1f', overflow: 'hidden', cursor, borderRadius: 4 }}
    >
      {width > 0 && (
        <Stage
          ref={stageRef}
          width={width}
          height={height}
          onMouseDown={onMouseDown}
          onMouseMove={onMouseMove}
          onMouseUp={onMouseUp}
          onDblClick={onDblClick}
          onWheel={onWheel}
        >
          <Layer ref={shapeLayerRef} listening={listening}>
            <Shape sceneFunc={drawImage} listening={false} perfectDrawEnabled={false} />
            <Shape sceneFunc={drawScene} listening={false} perfectDrawEnabled={false} />
            {selected && (
              <ShapeNode
                key={selected.id}
                shape={selected}
                tool={tools.byId.get(selected.tool)}
                color={tools.colorOf(selected.tool, selected.label)}
                selected
                editable={editing && !selected.locked}
                selectedPoint={selectedPoint}
                viewport={viewport}
                onSelect={props.onSelect}
                onEdit={props.onEdit}
              />
            )}
            <Transformer
              ref={transformerRef}
              flipEnabled={false}
              ignoreStroke
              keepRatio={false}
              rotateAnchorOffset={24}
              anchorSize={8}
              onTransformEnd={onTransformEnd}
            />
          </Layer>
          <Layer ref={draftLayerRef} listening={false} visible={false} />
        </Stage>
      )}
    </div>
  );
}
