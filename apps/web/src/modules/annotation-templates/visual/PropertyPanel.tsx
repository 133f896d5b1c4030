import { FORM_TYPES, MEDIA_TYPES, TOOL_TYPES } from '@app/contracts/annotation/template.ts';
import { Alert, Empty, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { componentSpec } from '../../annotation-tools/index.ts';
import { findComponent, renameComponent } from './doc-ops.ts';
import { DataCleaningProps, MediaProps, OtherProps } from './props-basic.tsx';
import { FormProps } from './props-form.tsx';
import { LabelsProps } from './props-labels.tsx';
import { ToolProps } from './props-tool.tsx';
import { useVisual } from './visual-context.ts';

const has = (list: readonly string[], type: string) => list.includes(type);

/** The selected component's settings, by its family, with the problems the rules find in it. */
export function PropertyPanel() {
  const { t } = useTranslation(['annotation-templates', 'annotation-tools']);
  const { components, selected, select, change, problems } = useVisual();
  const c = selected === null ? undefined : findComponent(components, selected);
  if (!c) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('visual.select_hint')} />;
  const spec = componentSpec(c.type);
  const own = problems.get(c.id) ?? [];
  return (
    <div data-testid="template-properties">
      <Typography.Title level={5}>{spec ? t(`annotation-tools:${spec.titleKey}`) : c.type}</Typography.Title>
      {own.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={
            <ul className="visual-problem-list">
              {own.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          }
        />
      )}
      <Form.Item label={t('visual.id')} extra={t('visual.id_help')}>
        <Input
          value={c.id}
          onChange={(e) => {
            const next = e.target.value;
            change((list) => renameComponent(list, c.id, next));
            select(next);
          }}
          data-testid="prop-id"
        />
      </Form.Item>
      {has(MEDIA_TYPES, c.type) && <MediaProps c={c} />}
      {has(FORM_TYPES, c.type) && <FormProps c={c} />}
      {c.type === 'data_cleaning' && <DataCleaningProps c={c} />}
      {(c.type === 'tags' || c.type === 'tag_group') && <LabelsProps c={c} />}
      {has(TOOL_TYPES, c.type) && <ToolProps c={c} />}
      {(c.type === 'layout' || c.type === 'external_link') && <OtherProps c={c} />}
    </div>
  );
}
