import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { memo } from 'react';
import { Circle, Group, Line, Rect } from 'react-konva';
import { type ImageShape, r2, translated } from './image-model.ts';
import type { ImageTool } from './image-tools.ts';
import type { Viewport } from './viewport.ts';

export interface ShapeNodeProps {
  shape: ImageShape;
  tool: ImageTool | undefined;
  color: string;
  selected: boolean;
  /** Can be moved, resized and have its vertices dragged (select tool, not read-only, not locked). */
  editable: boolean;
  selectedPoint: number | null;
  viewport: Viewport;
  onSelect?: (id: string, point?: number) => void;
  onEdit?: (next: ImageShape) => void;
}

/** Keeps drawing cheap: no hit-testing shadows, no extra buffer canvas, strokes in screen pixels. */
const fast = { perfectDrawEnabled: false, shadowForStrokeEnabled: false, strokeScaleEnabled: false } as const;

type XY = [number, number];
const vertices = (shape: ImageShape): (XY | null)[] =>
  shape.type === 'polygon' || shape.type === 'polyline'
    ? shape.points
    : shape.type === 'keypoints'
      ? shape.points.map((p) => (p.v > 0 ? ([p.x, p.y] as XY) : null))
      : [];

function edgePoints(tool: ImageTool | undefined, points: (XY | null)[]) {
  if (tool?.type !== 'keypoints') return [];
  return tool.edges.flatMap(([i, j], k) => {
    const a = points[i];
    const b = points[j];
    return a && b ? [{ k, i, j, points: [...a, ...b] }] : [];
  });
}

/**
 * One shape on the shape layer. Moving a vertex changes the Konva nodes in place and reports the new geometry
 * once, on release; moving the whole shape drags its group and reports the offset on release.
 */
export const ShapeNode = memo(function ShapeNode(props: ShapeNodeProps) {
  const { shape, tool, color, selected, editable, selectedPoint, viewport, onSelect, onEdit } = props;
  if (shape.hidden) return null;
  const inverse = 1 / viewport.scale;
  const strokeWidth = selected ? 3 : 2;
  const fill = `${color}${selected ? '40' : '22'}`;
  const points = vertices(shape);
  const edges = edgePoints(tool, points);

  const select = (event: KonvaEventObject<MouseEvent>) => {
    if (event.evt.button !== 0 || !onSelect) return;
    event.cancelBubble = true;
    const point = event.target.attrs.vertex as number | undefined;
    onSelect(shape.id, point);
  };
  const dragEnd = (event: KonvaEventObject<DragEvent>) => {
    const group = event.currentTarget;
    if (event.target !== group) return;
    const dx = group.x();
    const dy = group.y();
    group.position({ x: 0, y: 0 });
    if (dx !== 0 || dy !== 0) onEdit?.(translated(shape, r2(dx), r2(dy)));
  };
  // A dragged vertex redraws the outline and skeleton in place; the result changes on release.
  const vertexAt = (event: KonvaEventObject<DragEvent>): [number, XY] => {
    event.cancelBubble = true;
    const node = event.target;
    return [node.attrs.vertex as number, [node.x(), node.y()]];
  };
  const vertexMove = (event: KonvaEventObject<DragEvent>) => {
    const [index, at] = vertexAt(event);
    const group = event.target.getParent() as Konva.Group;
    const next = points.map((p, i) => (i === index ? at : p));
    const body = group.findOne<Konva.Line>('.body');
    if (body) body.points((next.filter(Boolean) as XY[]).flat());
    for (const edge of edgePoints(tool, next))
      if (edge.i === index || edge.j === index) group.findOne<Konva.Line>(`.e${edge.k}`)?.points(edge.points);
  };
  const vertexEnd = (event: KonvaEventObject<DragEvent>) => {
    const [index, [x, y]] = vertexAt(event);
    if (shape.type === 'polygon' || shape.type === 'polyline') {
      onEdit?.({ ...shape, points: shape.points.map((p, i) => (i === index ? ([r2(x), r2(y)] as XY) : p)) });
    } else if (shape.type === 'keypoints') {
      onEdit?.({ ...shape, points: shape.points.map((p, i) => (i === index ? { ...p, x: r2(x), y: r2(y) } : p)) });
    }
  };

  const body = (() => {
    switch (shape.type) {
      case 'rect':
        return (
          <Rect
            id={`${shape.id}-body`}
            x={shape.x}
            y={shape.y}
            width={shape.w}
            height={shape.h}
            stroke={color}
            strokeWidth={strokeWidth}
            fill={fill}
            {...fast}
          />
        );
      case 'rotated_rect':
        return (
          <Rect
            id={`${shape.id}-body`}
            x={shape.x + shape.w / 2}
            y={shape.y + shape.h / 2}
            width={shape.w}
            height={shape.h}
            offsetX={shape.w / 2}
            offsetY={shape.h / 2}
            rotation={shape.angle}
            stroke={color}
            strokeWidth={strokeWidth}
            fill={fill}
            {...fast}
          />
        );
      case 'polygon':
      case 'polyline':
        return (
          <Line
            name="body"
            points={shape.points.flat()}
            closed={shape.type === 'polygon'}
            stroke={color}
            strokeWidth={strokeWidth}
            fill={shape.type === 'polygon' ? fill : undefined}
            hitStrokeWidth={10}
            {...fast}
          />
        );
      case 'point':
        return (
          <Circle
            name="h"
            x={shape.x}
            y={shape.y}
            radius={selected ? 6 : 5}
            scaleX={inverse}
            scaleY={inverse}
            fill={color}
            stroke="#fff"
            strokeWidth={1}
            {...fast}
          />
        );
      case 'keypoints':
        return null;
    }
  })();

  const showVertices = shape.type === 'keypoints' || (selected && editable && points.length > 0);
  return (
    <Group id={shape.id} draggable={editable} onMouseDown={select} onDragEnd={dragEnd}>
      {body}
      {edges.map((edge) => (
        <Line
          key={edge.k}
          name={`e${edge.k}`}
          points={edge.points}
          stroke={color}
          strokeWidth={selected ? 2 : 1.5}
          hitStrokeWidth={8}
          {...fast}
        />
      ))}
      {showVertices &&
        points.map((p, i) => {
          if (!p) return null;
          const spec = tool?.type === 'keypoints' ? tool.points[i] : undefined;
          const occluded = shape.type === 'keypoints' && shape.points[i]?.v === 1;
          const current = selected && selectedPoint === i;
          return (
            <Circle
              // biome-ignore lint/suspicious/noArrayIndexKey: vertices are identified by their position
              key={i}
              name="h"
              vertex={i}
              x={p[0]}
              y={p[1]}
              radius={current ? 6 : shape.type === 'keypoints' ? 4.5 : 4}
              scaleX={inverse}
              scaleY={inverse}
              fill={occluded ? '#fff' : (spec?.color ?? color)}
              stroke={current ? '#000' : occluded ? (spec?.color ?? color) : '#fff'}
              strokeWidth={current || occluded ? 2 : 1}
              draggable={editable && selected}
              onDragMove={vertexMove}
              onDragEnd={vertexEnd}
              {...fast}
            />
          );
        })}
    </Group>
  );
});
