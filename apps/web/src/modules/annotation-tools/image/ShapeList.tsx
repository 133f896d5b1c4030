import { DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, LockFilled, UnlockOutlined } from '@ant-design/icons';
import { Button, Empty, Segmented, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { RelabelSelect } from '../RelabelSelect.tsx';
import type { ImageShape, Label, ToolSet } from './image-model.ts';
import type { ImageTool } from './image-tools.ts';

export interface ListedShape {
  shape: ImageShape;
  /** Position in `result.shapes` (the test ids use it). */
  index: number;
}

interface RowProps {
  item: ListedShape;
  toolName: string;
  color: string;
  /** The labels of the shape's tool (the change-label choices). */
  labels: Label[];
  selected: boolean;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onPatch: (id: string, patch: Partial<Pick<ImageShape, 'hidden' | 'locked'>>) => void;
  onRelabel: (id: string, label: string) => void;
  onDelete: (id: string) => void;
}

const Row = memo(function Row(props: RowProps) {
  const { item, toolName, color, labels, selected, readOnly, onSelect, onPatch, onRelabel, onDelete } = props;
  const { t } = useTranslation('image-tool');
  const { shape, index } = item;
  const fixed = readOnly || !!shape.locked;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row holding buttons cannot itself be a button
    <div
      role="button"
      tabIndex={0}
      data-testid={`shape-item-${index}`}
      onClick={() => onSelect(shape.id)}
      onKeyDown={(e) => e.key === 'Enter' && onSelect(shape.id)}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        padding: '2px 4px',
        cursor: 'pointer',
        borderRadius: 4,
        background: selected ? 'rgba(22,119,255,0.12)' : undefined,
        opacity: shape.hidden ? 0.5 : 1,
      }}
    >
      <span style={{ width: 10, height: 10, borderRadius: 2, background: color, flex: 'none' }} />
      <Typography.Text style={{ flex: 'none' }}>{index + 1}.</Typography.Text>
      {fixed || labels.length === 0 ? (
        <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
          {shape.label ?? t('no_label')}
          <Typography.Text type="secondary"> · {toolName}</Typography.Text>
        </Typography.Text>
      ) : (
        <>
          <RelabelSelect
            value={shape.label}
            labels={labels}
            disabled={false}
            onRelabel={(label) => onRelabel(shape.id, label)}
            testId={`shape-relabel-${index}`}
            style={{ flex: '0 1 auto', maxWidth: 130 }}
          />
          <Typography.Text type="secondary" ellipsis style={{ flex: 1, minWidth: 0 }}>
            {toolName}
          </Typography.Text>
        </>
      )}
      <Button
        size="small"
        type="text"
        icon={shape.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        aria-label={shape.hidden ? t('show') : t('hide')}
        title={shape.hidden ? t('show') : t('hide')}
        data-testid={`shape-hide-${index}`}
        onClick={(e) => {
          e.stopPropagation();
          onPatch(shape.id, { hidden: !shape.hidden });
        }}
      />
      <Button
        size="small"
        type="text"
        disabled={readOnly}
        icon={shape.locked ? <LockFilled /> : <UnlockOutlined />}
        aria-label={shape.locked ? t('unlock') : t('lock')}
        title={shape.locked ? t('unlock') : t('lock')}
        data-testid={`shape-lock-${index}`}
        onClick={(e) => {
          e.stopPropagation();
          onPatch(shape.id, { locked: !shape.locked });
        }}
      />
      {!readOnly && (
        <Button
          size="small"
          type="text"
          danger
          disabled={!!shape.locked}
          icon={<DeleteOutlined />}
          aria-label={t('delete')}
          title={t('delete')}
          data-testid={`shape-delete-${index}`}
          onClick={(e) => {
            e.stopPropagation();
            onDelete(shape.id);
          }}
        />
      )}
    </div>
  );
});

/**
 * The shapes of the item, each with its label colour, its label (a change-label control while editable), its tool,
 * and hide / lock / delete; a click selects.
 */
export function ShapeList(props: {
  items: ListedShape[];
  tools: ToolSet;
  selectedId: string | null;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onPatch: (id: string, patch: Partial<Pick<ImageShape, 'hidden' | 'locked'>>) => void;
  onRelabel: (id: string, label: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation(['image-tool', 'annotation-tools']);
  const toolName = (tool: ImageTool | undefined, id: string) =>
    tool ? tool.label || t(`annotation-tools:c_${tool.type}`) : id;
  return (
    <div data-testid="shape-list">
      <Typography.Text strong>{t('shapes', { count: props.items.length })}</Typography.Text>
      {props.items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('no_shapes')} />}
      {props.items.map((item) => (
        <Row
          key={item.shape.id}
          item={item}
          toolName={toolName(props.tools.byId.get(item.shape.tool), item.shape.tool)}
          color={props.tools.colorOf(item.shape.tool, item.shape.label)}
          labels={props.tools.labelsOf(item.shape.tool)}
          selected={item.shape.id === props.selectedId}
          readOnly={props.readOnly}
          onSelect={props.onSelect}
          onPatch={props.onPatch}
          onRelabel={props.onRelabel}
          onDelete={props.onDelete}
        />
      ))}
    </div>
  );
}

/** The selected key points shape's points with their visibility (2 visible, 1 occluded, 0 absent). */
export function KeypointPanel(props: {
  shape: Extract<ImageShape, { type: 'keypoints' }>;
  tool: Extract<ImageTool, { type: 'keypoints' }>;
  selectedPoint: number | null;
  readOnly: boolean;
  onSelectPoint: (index: number) => void;
  onVisibility: (index: number, v: 0 | 1 | 2) => void;
}) {
  const { t } = useTranslation('image-tool');
  const options = [
    { value: 2, label: t('visible') },
    { value: 1, label: t('occluded') },
    { value: 0, label: t('absent') },
  ];
  return (
    <div data-testid="keypoint-panel" style={{ marginTop: 12 }}>
      <Typography.Text strong>{t('keypoints')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 4 }}>
        {t('visibility_key')}
      </Typography.Paragraph>
      {props.tool.points.map((spec, i) => (
        <div
          key={spec.name}
          style={{ display: 'flex', alignItems: 'center', gap: 4, marginBottom: 2 }}
          data-testid={`keypoint-${i}`}
        >
          <Button
            size="small"
            type={props.selectedPoint === i ? 'primary' : 'text'}
            style={{ flex: 1, justifyContent: 'flex-start', minWidth: 0 }}
            onClick={() => props.onSelectPoint(i)}
          >
            {i + 1}. {spec.name}
          </Button>
          <Segmented
            size="small"
            disabled={props.readOnly}
            value={props.shape.points[i]?.v ?? 0}
            options={options}
            onChange={(v) => props.onVisibility(i, v as 0 | 1 | 2)}
            data-testid={`keypoint-v-${i}`}
          />
        </div>
      ))}
    </div>
  );
}
