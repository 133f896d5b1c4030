import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DraftHint } from './draft.ts';
import type { Label } from './image-model.ts';
import type { ImageTool } from './image-tools.ts';

const keyText = (shortcut: string | undefined) => (shortcut ? shortcut.toUpperCase() : null);

/**
 * The labels of the current tool as colour chips, the label the next shape gets filled; a pick never relabels a
 * finished shape (label-pick.ts).
 */
export function LabelBar(props: { labels: Label[]; current: string | null; onPick: (name: string) => void }) {
  const { t } = useTranslation('annotation-tools');
  if (props.labels.length === 0) return null;
  return (
    <Space wrap size={[4, 4]} style={{ marginBottom: 8 }} data-testid="label-bar">
      <Typography.Text type="secondary">{t('label_for_next')}</Typography.Text>
      {props.labels.map((label) => {
        const active = label.name === props.current;
        return (
          <Button
            key={label.name}
            size="small"
            shape="round"
            onClick={() => props.onPick(label.name)}
            data-testid={`label-${label.name}`}
            aria-pressed={active}
            style={{
              borderColor: label.color,
              background: active ? label.color : undefined,
              color: active ? '#fff' : undefined,
            }}
          >
            <span
              style={{
                display: 'inline-block',
                width: 8,
                height: 8,
                borderRadius: 4,
                background: active ? '#fff' : label.color,
              }}
            />
            {label.name}
            {label.shortcut && <span style={{ opacity: 0.7 }}>{keyText(label.shortcut)}</span>}
          </Button>
        );
      })}
    </Space>
  );
}

/** What the drawing expects next: the key point to place (with Skip), or how to close a polygon. */
export function DraftHintBar(props: { hint: DraftHint | null; mode: string; tools: ImageTool[]; onSkip: () => void }) {
  const { t } = useTranslation('image-tool');
  const tool = props.tools.find((x) => x.id === props.mode);
  const { hint } = props;
  let text: string | null = null;
  if (hint?.type === 'keypoints') text = t('keypoint_next', { name: hint.next ?? '', count: hint.count });
  else if (tool?.type === 'keypoints') text = t('keypoint_next', { name: tool.points[0]?.name ?? '', count: 0 });
  else if (tool?.type === 'polygon' || tool?.type === 'polyline')
    text = t(hint ? 'poly_drawing' : 'poly_start', { count: hint?.count ?? 0 });
  else if (tool?.type === 'rect' || tool?.type === 'rotated_rect') text = t(`${tool.type}_hint`);
  else if (tool?.type === 'point') text = t('point_hint');
  // Always there, one line high, so that the stage does not move when the tool changes.
  return (
    <div
      style={{ marginBottom: 8, height: 24, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
      data-testid="draft-hint"
    >
      {text && <Typography.Text type="secondary">{text}</Typography.Text>}
      {tool?.type === 'keypoints' && (
        <Button size="small" style={{ marginLeft: 8 }} onClick={props.onSkip} data-testid="keypoint-skip">
          {t('skip')} (X)
        </Button>
      )}
    </div>
  );
}
