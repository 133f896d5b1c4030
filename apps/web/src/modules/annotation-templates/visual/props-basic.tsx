import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Comp } from './doc-ops.ts';
import { NumberProp, SelectProp, SwitchProp, shift, TextProp, usePatch } from './prop-fields.tsx';

/** Media placeholders: record field, title; video fps and must-play-through; audio must-play-through. */
export function MediaProps({ c }: { c: Comp }) {
  const { t } = useTranslation('annotation-templates');
  return (
    <>
      <TextProp c={c} field="title" label={t('visual.title')} />
      <TextProp c={c} field="field" label={t('visual.field')} />
      {c.type === 'video' && <NumberProp c={c} field="fps" label={t('visual.fps')} min={1} max={20} />}
      {(c.type === 'video' || c.type === 'audio') && (
        <SwitchProp c={c} field="must_play_through" label={t('visual.must_play_through')} />
      )}
    </>
  );
}

/** Layout direction; external link label and address. */
export function OtherProps({ c }: { c: Comp }) {
  const { t } = useTranslation('annotation-templates');
  if (c.type === 'layout') {
    return (
      <SelectProp
        c={c}
        field="direction"
        label={t('visual.direction')}
        options={[
          { value: 'row', label: t('visual.direction_row') },
          { value: 'column', label: t('visual.direction_column') },
        ]}
      />
    );
  }
  if (c.type === 'external_link') {
    return (
      <>
        <TextProp c={c} field="label" label={t('visual.label')} />
        <TextProp c={c} field="url" label={t('visual.url')} />
      </>
    );
  }
  return null;
}

/** Data cleaning: field name, label, the two choices' labels and the reasons offered for invalid items. */
export function DataCleaningProps({ c }: { c: Extract<Comp, { type: 'data_cleaning' }> }) {
  const { t } = useTranslation('annotation-templates');
  const patch = usePatch(c.id);
  const reasons = Array.isArray(c.reasons) ? c.reasons : [];
  const setReasons = (next: string[]) => patch({ reasons: next });
  return (
    <>
      <TextProp c={c} field="name" label={t('visual.name')} />
      <TextProp c={c} field="label" label={t('visual.label')} />
      <TextProp c={c} field="valid_label" label={t('visual.valid_label')} />
      <TextProp c={c} field="invalid_label" label={t('visual.invalid_label')} />
      <Form.Item label={t('visual.reasons')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {reasons.map((reason, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reasons are edited in place, the index is their identity
            <Space.Compact key={i} style={{ width: '100%' }}>
              <Input
                value={reason}
                onChange={(e) => setReasons(reasons.map((r, j) => (j === i ? e.target.value : r)))}
                data-testid={`prop-reasons-${i}`}
              />
              <Button onClick={() => setReasons(shift(reasons, i, -1))} disabled={i === 0}>
                ↑
              </Button>
              <Button danger onClick={() => setReasons(reasons.filter((_, j) => j !== i))}>
                {t('visual.remove')}
              </Button>
            </Space.Compact>
          ))}
          <Button
            type="dashed"
            block
            onClick={() => setReasons([...reasons, t('visual.new_reason')])}
            data-testid="prop-reasons-add"
          >
            {t('visual.add_reason')}
          </Button>
        </Space>
      </Form.Item>
    </>
  );
}
