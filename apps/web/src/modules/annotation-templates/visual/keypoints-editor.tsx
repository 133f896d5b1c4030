import { HolderOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comp } from './doc-ops.ts';
import { usePatch } from './prop-fields.tsx';
import { PALETTE_COLORS } from './props-labels.tsx';

type Keypoints = Extract<Comp, { type: 'keypoints' }>;
type Point = Keypoints['points'][number];
type Edge = [number, number];

/** Moves point `from` to `to` and renumbers the edges so they keep joining the same points. */
function movePoint(points: Point[], edges: Edge[], from: number, to: number): { points: Point[]; edges: Edge[] } {
  const order = points.map((_, i) => i);
  const [moved] = order.splice(from, 1);
  if (moved === undefined) return { points, edges };
  order.splice(to, 0, moved);
  const where = new Map(order.map((old, now) => [old, now]));
  return {
    points: order.map((old) => points[old] as Point),
    edges: edges.map(([a, b]) => [where.get(a) ?? a, where.get(b) ?? b]),
  };
}

function removePoint(points: Point[], edges: Edge[], index: number): { points: Point[]; edges: Edge[] } {
  const shiftDown = (i: number) => (i > index ? i - 1 : i);
  return {
    points: points.filter((_, i) => i !== index),
    edges: edges.filter(([a, b]) => a !== index && b !== index).map(([a, b]) => [shiftDown(a), shiftDown(b)]),
  };
}

/** The skeleton drawn small: points on a circle in placing order, edges as lines. */
function SkeletonPreview({ points, edges, title }: { points: Point[]; edges: Edge[]; title: string }) {
  const size = 160;
  const at = (i: number) => {
    const angle = (2 * Math.PI * i) / Math.max(points.length, 1) - Math.PI / 2;
    return { x: size / 2 + 60 * Math.cos(angle), y: size / 2 + 60 * Math.sin(angle) };
  };
  return (
    <svg width={size} height={size} className="visual-skeleton" data-testid="prop-skeleton-preview" role="img">
      <title>{title}</title>
      {edges.map(([a, b], i) => {
        if (!points[a] || !points[b]) return null;
        const [p, q] = [at(a), at(b)];
        // biome-ignore lint/suspicious/noArrayIndexKey: edges may repeat, the index tells them apart
        return <line key={i} x1={p.x} y1={p.y} x2={q.x} y2={q.y} stroke="#8c8c8c" strokeWidth={2} />;
      })}
      {points.map((point, i) => {
        const p = at(i);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: points are drawn by their index
          <g key={i}>
            <circle cx={p.x} cy={p.y} r={6} fill={point.color ?? '#1677ff'} />
            <text x={p.x} y={p.y - 9} fontSize={10} textAnchor="middle">
              {i + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Key points in placing order (name, colour; reordered by drag or arrows) and skeleton edges chosen by name. */
export function KeypointsEditor({ c }: { c: Keypoints }) {
  const { t } = useTranslation('annotation-templates');
  const patch = usePatch(c.id);
  const [dragged, setDragged] = useState<number | null>(null);
  const points = Array.isArray(c.points) ? c.points : [];
  const edges = (Array.isArray(c.edges) ? c.edges : []) as Edge[];
  const set = (next: { points?: Point[]; edges?: Edge[] }) => patch(next);
  const editPoint = (i: number, change: Partial<Point>) =>
    set({ points: points.map((p, j) => (j === i ? { ...p, ...change } : p)) });
  const pointOptions = points.map((p, i) => ({ value: i, label: `${i + 1}. ${p.name}` }));

  return (
    <>
      <Form.Item label={t('visual.points')}>
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="prop-points">
          {points.map((point, i) => (
            // biome-ignore lint/a11y/noStaticElementInteractions: drag to reorder; the arrows do the same by keyboard
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a point's identity is its place in the order
              key={i}
              draggable
              onDragStart={(e) => {
                e.stopPropagation();
                setDragged(i);
              }}
              onDragOver={(e) => dragged !== null && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                e.stopPropagation();
                if (dragged !== null && dragged !== i) set(movePoint(points, edges, dragged, i));
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              data-testid={`prop-point-${i}`}
            >
              <Space.Compact style={{ width: '100%' }}>
                <Button icon={<HolderOutlined />} className="visual-grab" aria-label={t('visual.drag_to_reorder')} />
                <ColorPicker
                  value={point.color ?? '#1677ff'}
                  disabledAlpha
                  presets={[{ label: t('visual.color'), colors: PALETTE_COLORS }]}
                  onChange={(color) => editPoint(i, { color: color.toHexString() })}
                />
                <Input
                  aria-label={t('visual.point_name')}
                  value={point.name}
                  onChange={(e) => editPoint(i, { name: e.target.value })}
                  data-testid={`prop-point-name-${i}`}
                />
                <Button onClick={() => set(movePoint(points, edges, i, i - 1))} disabled={i === 0}>
                  ↑
                </Button>
                <Button onClick={() => set(movePoint(points, edges, i, i + 1))} disabled={i === points.length - 1}>
                  ↓
                </Button>
                <Button
                  danger
                  onClick={() => set(removePoint(points, edges, i))}
                  data-testid={`prop-point-remove-${i}`}
                >
                  {t('visual.remove')}
                </Button>
              </Space.Compact>
            </div>
          ))}
          <Button
            type="dashed"
            block
            onClick={() => set({ points: [...points, { name: `p${points.length + 1}` }] })}
            data-testid="prop-point-add"
          >
            {t('visual.add_point')}
          </Button>
        </Space>
      </Form.Item>
      <Form.Item label={t('visual.edges')}>
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="prop-edges">
          {edges.map(([a, b], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: edges are edited in place, the index is their identity
            <Space.Compact key={i} style={{ width: '100%' }}>
              {([a, b] as const).map((end, side) => (
                <Select
                  key={side === 0 ? 'from' : 'to'}
                  value={end}
                  options={pointOptions}
                  style={{ width: '42%' }}
                  status={points[end] ? undefined : 'error'}
                  onChange={(next: number) =>
                    set({
                      edges: edges.map((e, j) => (j === i ? ((side === 0 ? [next, e[1]] : [e[0], next]) as Edge) : e)),
                    })
                  }
                  data-testid={`prop-edge-${i}-${side}`}
                />
              ))}
              <Button danger onClick={() => set({ edges: edges.filter((_, j) => j !== i) })}>
                {t('visual.remove')}
              </Button>
            </Space.Compact>
          ))}
          <Button
            type="dashed"
            block
            disabled={points.length < 2}
            onClick={() => set({ edges: [...edges, [0, 1]] })}
            data-testid="prop-edge-add"
          >
            {t('visual.add_edge')}
          </Button>
        </Space>
      </Form.Item>
      <Typography.Text type="secondary">{t('visual.skeleton_preview')}</Typography.Text>
      <SkeletonPreview points={points} edges={edges} title={t('visual.skeleton_preview')} />
    </>
  );
}
