import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../../../shared/ColorTag.tsx';
import type { Comp } from './doc-ops.ts';

const MAX_CHIPS = 6;

function Chips({ items }: { items: { key: string; text: string; color?: string; shortcut?: string }[] }) {
  return (
    <Space size={[4, 4]} wrap>
      {items.slice(0, MAX_CHIPS).map((item) => (
        <ColorTag key={item.key} color={item.color}>
          {item.text}
          {item.shortcut ? ` · ${item.shortcut}` : ''}
        </ColorTag>
      ))}
      {items.length > MAX_CHIPS && <Tag>+{items.length - MAX_CHIPS}</Tag>}
    </Space>
  );
}

const list = <T,>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

/** One line about a component on the canvas: its label, options, label chips, key point count and so on. */
export function CardSummary({ c }: { c: Comp }) {
  const { t } = useTranslation('annotation-templates');
  const parts: React.ReactNode[] = [];
  const text = (value?: string) => value && parts.push(<Typography.Text key={parts.length}>{value}</Typography.Text>);
  const muted = (value: string) =>
    parts.push(
      <Typography.Text key={parts.length} type="secondary">
        {value}
      </Typography.Text>,
    );
  if ('title' in c) text(c.title);
  if ('label' in c) text(c.label);
  if ('required' in c && c.required && c.type !== 'tags') muted(t('visual.required_short'));
  if ('name' in c) muted(t('visual.name_short', { name: c.name }));
  if ('shortcut' in c && c.shortcut)
    parts.push(
      <Typography.Text key="shortcut" keyboard>
        {c.shortcut}
      </Typography.Text>,
    );
  switch (c.type) {
    case 'video':
      muted(t('fps', { fps: c.fps }));
      break;
    case 'radio':
    case 'checkbox':
    case 'select':
      parts.push(
        <Chips key="options" items={list(c.options).map((o, i) => ({ key: `${i}`, text: o.label || o.value }))} />,
      );
      break;
    case 'tags':
    case 'tag_group':
      parts.push(
        <Chips
          key="labels"
          items={list(c.labels).map((l, i) => ({ key: `${i}`, text: l.name, color: l.color, shortcut: l.shortcut }))}
        />,
      );
      break;
    case 'keypoints':
      muted(t('visual.points_count', { count: list(c.points).length }));
      muted(t('edges', { count: list(c.edges).length }));
      break;
    case 'polygon':
    case 'polyline':
      muted(t('visual.min_points_short', { count: c.min_points }));
      break;
    case 'data_cleaning':
      muted(t('visual.reasons_count', { count: list(c.reasons).length }));
      break;
    case 'external_link':
      muted(c.url);
      break;
    case 'layout':
      muted(t(`visual.direction_${c.direction === 'column' ? 'column' : 'row'}`));
      break;
    default:
  }
  if ('labels_from' in c && c.labels_from) muted(t('visual.labels_from_short', { id: c.labels_from }));
  return parts.length > 0 ? (
    <Space size={[8, 4]} wrap className="visual-card-summary">
      {parts}
    </Space>
  ) : null;
}
