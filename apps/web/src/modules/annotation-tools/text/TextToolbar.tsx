import { LinkOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolLabel } from './text-template.ts';

/**
 * The label bar: tags the pending selection, else picks the label of the next entity; it never relabels an entity
 * (label-pick.ts).
 */
export function LabelBar({
  labels,
  current,
  readOnly,
  onPick,
}: {
  labels: ToolLabel[];
  current: string;
  readOnly: boolean;
  onPick: (name: string) => void;
}) {
  const { t } = useTranslation(['text-tool', 'annotation-tools']);
  if (labels.length === 0) return <Alert type="info" showIcon title={t('labels_empty')} />;
  return (
    <Space wrap size={[6, 6]}>
      <Typography.Text type="secondary">{t('annotation-tools:label_for_next')}</Typography.Text>
      {labels.map((label) => (
        <Button
          key={label.name}
          size="small"
          type={label.name === current ? 'primary' : 'default'}
          disabled={readOnly}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(label.name)}
          data-testid={`text-label-${label.name}`}
          icon={
            <span
              style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: label.color }}
            />
          }
        >
          {label.name}
          {label.shortcut && <Typography.Text type="secondary">{` [${label.shortcut}]`}</Typography.Text>}
        </Button>
      ))}
    </Space>
  );
}

/** Relation controls: the label new relations get, and the link mode (next clicked entity is the target). */
export const LinkBar = memo(function LinkBar({
  canLink,
  linking,
  initialLabel,
  readOnly,
  onLabel,
  onToggle,
}: {
  canLink: boolean;
  linking: boolean;
  initialLabel: string;
  readOnly: boolean;
  onLabel: (label: string) => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation('text-tool');
  // Kept here so that typing does not re-render the text.
  const [relationLabel, setRelationLabel] = useState(initialLabel);
  if (readOnly) return null;
  return (
    <Space wrap>
      <Input
        size="small"
        style={{ width: 160 }}
        maxLength={50}
        value={relationLabel}
        onChange={(event) => {
          setRelationLabel(event.target.value);
          onLabel(event.target.value);
        }}
        placeholder={t('relation_label')}
        aria-label={t('relation_label')}
        data-testid="text-relation-label"
      />
      <Button
        size="small"
        icon={<LinkOutlined />}
        type={linking ? 'primary' : 'default'}
        disabled={!canLink && !linking}
        onClick={onToggle}
        data-testid="text-link"
      >
        {linking ? t('link_cancel') : t('link')}
      </Button>
      {linking && (
        <Typography.Text type="secondary" data-testid="text-linking">
          {t('linking_hint')}
        </Typography.Text>
      )}
      {!linking && !canLink && <Typography.Text type="secondary">{t('link_need_selection')}</Typography.Text>}
    </Space>
  );
});

/** The last selected text must be tagged; the server cannot see selections, so say it here. */
export function UntaggedWarning({
  preview,
  label,
  onTag,
  onDiscard,
}: {
  preview: string;
  label: string;
  onTag: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('text-tool');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="text-untagged-warning"
      title={t('untagged')}
      description={preview}
      action={
        <Space orientation="vertical" size={4}>
          {label && (
            <Button size="small" type="primary" onClick={onTag} data-testid="text-tag-selection">
              {t('tag_as', { label })}
            </Button>
          )}
          <Button size="small" onClick={onDiscard} data-testid="text-discard-selection">
            {t('discard')}
          </Button>
        </Space>
      }
    />
  );
}
