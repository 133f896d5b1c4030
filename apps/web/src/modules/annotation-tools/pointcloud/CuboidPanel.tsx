import { DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, LockFilled, UnlockOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Input, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelabelSelect } from '../RelabelSelect.tsx';
import type { Vec3 } from './cuboid-math.ts';
import { type CuboidLabel, type CuboidShape, isCuboidShape } from './pointcloud-template.ts';

const GREY = '#8c8c8c';
const DEG = 180 / Math.PI;

interface Props {
  /** The result's shapes (the test ids use the position in it). */
  shapes: unknown[];
  toolId: string;
  labels: CuboidLabel[];
  colors: Map<string, string>;
  selectedId: string | null;
  inside: number | null;
  readOnly: boolean;
  onSelect: (id: string | null) => void;
  onPatch: (id: string, patch: Partial<CuboidShape>) => void;
  onDelete: (id: string) => void;
}

/** The cuboids of the result (select, hide, lock, delete) and the numbers of the selected one. */
export function CuboidPanel({
  shapes,
  toolId,
  labels,
  colors,
  selectedId,
  inside,
  readOnly,
  onSelect,
  onPatch,
  onDelete,
}: Props) {
  const { t } = useTranslation('pointcloud-tool');
  const rows = shapes.flatMap((s, index) => (isCuboidShape(s, toolId) ? [{ shape: s, index }] : []));
  const selected = rows.find((r) => r.shape.id === selectedId)?.shape ?? null;
  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <div style={{ flex: '1 1 240px', minWidth: 0 }} data-testid="cuboid-list">
        <Typography.Text strong>{t('cuboids', { count: rows.length })}</Typography.Text>
        {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cuboids_empty')} />}
        {rows.map(({ shape, index }, n) => (
          // biome-ignore lint/a11y/useSemanticElements: a row holding buttons cannot itself be a button
          <div
            key={shape.id}
            role="button"
            tabIndex={0}
            data-testid={`shape-item-${index}`}
            data-shape-id={shape.id}
            onClick={() => onSelect(shape.id)}
            onKeyDown={(e) => e.key === 'Enter' && onSelect(shape.id)}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 4,
              padding: '2px 4px',
              cursor: 'pointer',
              borderRadius: 4,
              background: shape.id === selectedId ? 'rgba(22,119,255,0.12)' : undefined,
              opacity: shape.hidden ? 0.5 : 1,
            }}
          >
            <span
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                flex: 'none',
                background: colors.get(shape.label ?? '') ?? GREY,
              }}
            />
            <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
              {n + 1}. {shape.label ?? t('no_label')}
              <Typography.Text type="secondary">
                {` · ${shape.size.map((v) => v.toFixed(1)).join('×')} m`}
              </Typography.Text>
            </Typography.Text>
            <Button
              size="small"
              type="text"
              icon={shape.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              title={shape.hidden ? t('show') : t('hide')}
              aria-label={shape.hidden ? t('show') : t('hide')}
              disabled={readOnly}
              data-testid={`cuboid-hide-${index}`}
              onClick={(e) => {
                e.stopPropagation();
                onPatch(shape.id, { hidden: !shape.hidden });
              }}
            />
            <Button
              size="small"
              type="text"
              icon={shape.locked ? <LockFilled /> : <UnlockOutlined />}
              title={shape.locked ? t('unlock') : t('lock')}
              aria-label={shape.locked ? t('unlock') : t('lock')}
              disabled={readOnly}
              data-testid={`cuboid-lock-${index}`}
              onClick={(e) => {
                e.stopPropagation();
                onPatch(shape.id, { locked: !shape.locked });
              }}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              title={t('delete')}
              aria-label={t('delete')}
              disabled={readOnly || !!shape.locked}
              data-testid={`cuboid-delete-${index}`}
              onClick={(e) => {
                e.stopPropagation();
                onDelete(shape.id);
              }}
            />
          </div>
        ))}
      </div>
      <div style={{ flex: '1 1 260px', minWidth: 0 }} data-testid="cuboid-editor">
        {selected ? (
          <CuboidEditor
            shape={selected}
            labels={labels}
            inside={inside}
            readOnly={readOnly || !!selected.locked}
            onPatch={(patch) => onPatch(selected.id, patch)}
          />
        ) : (
          <Typography.Text type="secondary">{t('select_hint')}</Typography.Text>
        )}
      </div>
    </div>
  );
}

const FIELDS = [
  { key: 'x', of: 'center', at: 0 },
  { key: 'y', of: 'center', at: 1 },
  { key: 'z', of: 'center', at: 2 },
  { key: 'l', of: 'size', at: 0 },
  { key: 'w', of: 'size', at: 1 },
  { key: 'h', of: 'size', at: 2 },
] as const;

function CuboidEditor({
  shape,
  labels,
  inside,
  readOnly,
  onPatch,
}: {
  shape: CuboidShape;
  labels: CuboidLabel[];
  inside: number | null;
  readOnly: boolean;
  onPatch: (patch: Partial<CuboidShape>) => void;
}) {
  const { t } = useTranslation('pointcloud-tool');
  const setVec = (of: 'center' | 'size', at: number, n: number) => {
    const next = [...shape[of]] as Vec3;
    next[at] = n;
    onPatch({ [of]: next });
  };
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'auto 1fr auto 1fr', gap: '4px 8px', alignItems: 'center' }}>
      <Typography.Text>{t('label')}</Typography.Text>
      <RelabelSelect
        value={shape.label}
        labels={labels}
        disabled={readOnly}
        onRelabel={(label) => onPatch({ label })}
        testId="cuboid-label"
        style={{ gridColumn: 'span 3' }}
      />
      {FIELDS.map((f) => (
        <NumberField
          key={f.key}
          name={f.key}
          label={t(`field_${f.key}`)}
          value={shape[f.of][f.at]}
          min={f.of === 'size' ? 0.05 : undefined}
          readOnly={readOnly}
          onCommit={(n) => setVec(f.of, f.at, n)}
        />
      ))}
      <NumberField
        name="heading"
        label={t('field_heading')}
        value={Math.round(shape.heading * DEG * 10) / 10}
        readOnly={readOnly}
        step={1}
        onCommit={(n) => onPatch({ heading: n / DEG })}
      />
      <Typography.Text>{t('attributes')}</Typography.Text>
      <Checkbox
        style={{ gridColumn: 'span 3' }}
        checked={shape.attributes?.occluded === true}
        disabled={readOnly}
        onChange={(e) => onPatch({ attributes: withAttribute(shape, 'occluded', e.target.checked || undefined) })}
        data-testid="cuboid-occluded"
      >
        {t('occluded')}
      </Checkbox>
      <Typography.Text>{t('note')}</Typography.Text>
      <NoteField
        label={t('note')}
        value={typeof shape.attributes?.note === 'string' ? shape.attributes.note : ''}
        readOnly={readOnly}
        onCommit={(note) => onPatch({ attributes: withAttribute(shape, 'note', note || undefined) })}
      />
      <Typography.Text>{t('points_inside')}</Typography.Text>
      <Typography.Text strong data-testid="cuboid-points">
        {inside ?? '—'}
      </Typography.Text>
    </div>
  );
}

/** The shape's attributes with one set (or removed when undefined); undefined when none are left. */
function withAttribute(shape: CuboidShape, key: string, value: unknown): Record<string, unknown> | undefined {
  const { [key]: _old, ...rest } = shape.attributes ?? {};
  const next = value === undefined ? rest : { ...rest, [key]: value };
  return Object.keys(next).length > 0 ? next : undefined;
}

/** A free note on the cuboid, committed on Enter or on leaving the field. */
function NoteField({
  label,
  value,
  readOnly,
  onCommit,
}: {
  label: string;
  value: string;
  readOnly: boolean;
  onCommit: (note: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text.trim() !== value) onCommit(text.trim());
  };
  return (
    <Input
      size="small"
      aria-label={label}
      style={{ gridColumn: 'span 3' }}
      value={text}
      maxLength={200}
      disabled={readOnly}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      data-testid="cuboid-note"
    />
  );
}

/** A number that is committed (one undo step) on Enter, on leaving the field, or on a step arrow. */
function NumberField({
  name,
  label,
  value,
  min,
  step = 0.1,
  readOnly,
  onCommit,
}: {
  name: string;
  label: string;
  value: number;
  min?: number;
  step?: number;
  readOnly: boolean;
  onCommit: (n: number) => void;
}) {
  const [text, setText] = useState<number | null>(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text !== null && Number.isFinite(text) && text !== value) onCommit(text);
    else setText(value);
  };
  return (
    <>
      <Typography.Text>{label}</Typography.Text>
      <InputNumber<number>
        size="small"
        aria-label={label}
        style={{ width: '100%' }}
        value={text}
        min={min}
        step={step}
        precision={name === 'heading' ? 1 : 3}
        disabled={readOnly}
        onChange={setText}
        onBlur={commit}
        onPressEnter={commit}
        onStep={(n) => onCommit(n)}
        data-testid={`cuboid-field-${name}`}
      />
    </>
  );
}
