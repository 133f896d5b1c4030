import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Image as KonvaImage, Layer, Rect, Stage, Text, Transformer } from 'react-konva';
import type { Viewport } from '../image/viewport.ts';
import type { Box, FrameBox } from './track-model.ts';

/** A track as the stage shows it on the current frame. */
export interface ShownBox {
  id: string;
  box: FrameBox;
  color: string;
  locked: boolean;
  /** The track's number and label, shown above the box. */
  caption: string;
}

export interface VideoCanvasProps {
  video: HTMLVideoElement;
  size: { width: number; height: number } | null;
  boxes: ShownBox[];
  selectedId: string | null;
  /** A track tool id draws a new track; `select` only selects and moves. */
  mode: string;
  readOnly: boolean;
  drawColor: string;
  viewport: Viewport;
  /** Space held: the main button pans. */
  spaceRef: RefObject<boolean>;
  /** Redraws the frame (the annotator calls it when the video presents a frame). */
  paintRef: RefObject<(() => void) | null>;
  height: number;
  frame: number;
  onSelect: (id: string | null) => void;
  /** A box moved or resized on the current frame. */
  onEdit: (id: string, box: Box) => void;
  onCreate: (box: Box) => void;
}

const fast = { perfectDrawEnabled: false, shadowForStrokeEnabled: false, strokeScaleEnabled: false } as const;
const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The Konva stage of the video tool: the current frame (the video element drawn as an image), the tracks' boxes on
 * that frame (key frames solid, interpolated ones dashed), the transformer on the selected box, and the box being
 * drawn. Pan and zoom reuse the image tool's Viewport; coordinates are video pixels.
 */
export function VideoCanvas(props: VideoCanvasProps) {
  const { video, size, boxes, selectedId, mode, readOnly, viewport, height } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const frameLayerRef = useRef<Konva.Layer>(null);
  const draftRef = useRef<Konva.Rect>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const drawing = useRef<{ x: number; y: number } | null>(null);
  const [width, setWidth] = useState(0);
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

  useEffect(() => {
    viewport.stage = stageRef.current;
  });
  useEffect(() => {
    props.paintRef.current = () => frameLayerRef.current?.batchDraw();
    return () => {
      props.paintRef.current = null;
    };
  }, [props.paintRef]);

  // A new video or a first size: the whole frame in view.
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!size || width === 0) return;
    const key = `${video.src}|${size.width}x${size.height}`;
    if (fitted.current === key) return;
    fitted.current = key;
    viewport.image = size;
    viewport.fit();
  }, [size, width, viewport, video]);

  const editing = !readOnly;
  const selected = boxes.find((b) => b.id === selectedId);
  const transformable = editing && selected && !selected.locked && !selected.box.outside;
  useEffect(() => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    const node = transformable ? stageRef.current?.findOne(`#box-${selectedId}`) : undefined;
    transformer.nodes(node ? [node] : []);
    transformer.getLayer()?.batchDraw();
  });

  const point = () => {
    const p = stageRef.current?.getRelativePointerPosition();
    if (!p) return null;
    const s = live.current.size;
    if (!s) return p;
    return { x: Math.min(s.width, Math.max(0, p.x)), y: Math.min(s.height, Math.max(0, p.y)) };
  };

  const startPan = (event: MouseEvent) => {
    const stage = stageRef.current;
    if (!stage) return;
    event.preventDefault();
    const from = { x: event.clientX - stage.x(), y: event.clientY - stage.y() };
    const move = (e: MouseEvent) => viewport.panTo(e.clientX - from.x, e.clientY - from.y);
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  const onMouseDown = (event: KonvaEventObject<MouseEvent>) => {
    const { mode, readOnly, spaceRef, drawColor } = live.current;
    const button = event.evt.button;
    if (button === 1 || (button === 0 && (spaceRef.current || mode === 'hand'))) return startPan(event.evt);
    if (button !== 0) return;
    if (event.target.name() === 'box' || event.target.getParent()?.className === 'Transformer') return;
    if (readOnly || mode === 'select') {
      live.current.onSelect(null);
      return;
    }
    const p = point();
    const rect = draftRef.current;
    if (!p || !rect) return;
    drawing.current = p;
    // A release outside the stage ends the box too (the stage's own mouseup then finds nothing to do).
    window.addEventListener('mouseup', onMouseUp, { once: true });
    rect.setAttrs({ x: p.x, y: p.y, width: 0, height: 0, stroke: drawColor, visible: true });
    rect.getLayer()?.batchDraw();
  };
  const onMouseMove = () => {
    const from = drawing.current;
    const rect = draftRef.current;
    const p = from && point();
    if (!from || !rect || !p) return;
    rect.setAttrs({
      x: Math.min(from.x, p.x),
      y: Math.min(from.y, p.y),
      width: Math.abs(p.x - from.x),
      height: Math.abs(p.y - from.y),
    });
    rect.getLayer()?.batchDraw();
  };
  const onMouseUp = () => {
    const from = drawing.current;
    const rect = draftRef.current;
    drawing.current = null;
    if (!from || !rect) return;
    rect.visible(false);
    rect.getLayer()?.batchDraw();
    const box = { x: r2(rect.x()), y: r2(rect.y()), w: r2(rect.width()), h: r2(rect.height()) };
    // A click (or a box a few screen pixels wide) draws nothing.
    const min = 4 / viewport.scale;
    if (box.w >= min && box.h >= min) live.current.onCreate(box);
  };
  const onWheel = (event: KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    viewport.wheel(event.evt);
  };

  const onTransformEnd = useCallback(() => {
    const node = transformerRef.current?.nodes()[0];
    const id = live.current.selectedId;
    if (!node || !id) return;
    const w = Math.max(1, node.width() * node.scaleX());
    const h = Math.max(1, node.height() * node.scaleY());
    node.scale({ x: 1, y: 1 });
    live.current.onEdit(id, { x: r2(node.x()), y: r2(node.y()), w: r2(w), h: r2(h) });
  }, []);

  const cursor = mode === 'hand' ? 'grab' : mode === 'select' || readOnly ? 'default' : 'crosshair';
  return (
    <div
      ref={hostRef}
      data-testid="video-stage"
      data-frame={props.frame}
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
          onWheel={onWheel}
        >
          <Layer ref={frameLayerRef} listening={false}>
            {size && <KonvaImage image={video} width={size.width} height={size.height} {...fast} />}
          </Layer>
          <Layer>
            {boxes.map((b) => {
              const isSelected = b.id === selectedId;
              if (b.box.outside && !isSelected) return null;
              const movable = editing && !b.locked && !b.box.outside;
              return (
                <Rect
                  key={b.id}
                  id={`box-${b.id}`}
                  name="box"
                  x={b.box.x}
                  y={b.box.y}
                  width={b.box.w}
                  height={b.box.h}
                  stroke={b.color}
                  strokeWidth={isSelected ? 3 : 2}
                  dash={b.box.key ? undefined : [6, 4]}
                  opacity={b.box.outside ? 0.4 : 1}
                  fill={`${b.color}${isSelected ? '33' : '18'}`}
                  draggable={movable}
                  onMouseDown={(event) => {
                    if (event.evt.button !== 0 || live.current.spaceRef.current) return;
                    live.current.onSelect(b.id);
                  }}
                  onDragEnd={(event) => {
                    const node = event.target;
                    live.current.onEdit(b.id, { x: r2(node.x()), y: r2(node.y()), w: b.box.w, h: b.box.h });
                  }}
                  {...fast}
                />
              );
            })}
            <Transformer
              ref={transformerRef}
              flipEnabled={false}
              rotateEnabled={false}
              ignoreStroke
              keepRatio={false}
              anchorSize={8}
              onTransformEnd={onTransformEnd}
            />
          </Layer>
          <Layer listening={false}>
            {boxes.map((b) =>
              b.box.outside ? null : (
                // Named `h`: the viewport keeps it at its screen size while zooming.
                <Text
                  key={b.id}
                  name="h"
                  x={b.box.x}
                  y={b.box.y}
                  offsetY={15}
                  scaleX={1 / viewport.scale}
                  scaleY={1 / viewport.scale}
                  text={b.caption}
                  fontSize={12}
                  fill={b.color}
                  listening={false}
                  perfectDrawEnabled={false}
                />
              ),
            )}
            <Rect ref={draftRef} visible={false} strokeWidth={2} dash={[4, 3]} {...fast} />
          </Layer>
        </Stage>
      )}
    </div>
  );
}
