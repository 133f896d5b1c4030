import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Comp, walk } from './doc-ops.ts';
import { KeypointsEditor } from './keypoints-editor.tsx';
import { NumberProp, SelectProp, ShortcutInput, SwitchProp, TextProp, usePatch } from './prop-fields.tsx';
import { useVisual } from './visual-context.ts';

/** Drawing tools: label, shortcut, the `tags` component the shapes take labels from, and per-kind settings. */
export function ToolProps({ c }: { c: Comp }) {
  const { t } = useTranslation('annotation-templates');
  const { components } = useVisual();
  const patch = usePatch(c.id);
  const tags = walk(components).filter((x) => x.type === 'tags');
  const shortcut = 'shortcut' in c ? c.shortcut : undefined;
  return (
    <>
      <TextProp c={c} field="label" label={t('visual.label')} />
      <Form.Item label={t('visual.shortcut')}>
        <ShortcutInput value={shortcut} onChange={(next) => patch({ shortcut: next })} testId="prop-shortcut" />
      </Form.Item>
      <SelectProp
        c={c}
        field="labels_from"
        label={t('visual.labels_from')}
        allowClear
        options={tags.map((x) => ({ value: x.id, label: x.label ? `${x.label} (${x.id})` : x.id }))}
      />
      {c.type === 'polygon' && (
        <NumberProp c={c} field="min_points" label={t('visual.min_points')} min={3} max={1000} />
      )}
      {c.type === 'polyline' && (
        <NumberProp c={c} field="min_points" label={t('visual.min_points')} min={2} max={1000} />
      )}
      {c.type === 'audio_segment' && <SwitchProp c={c} field="transcript" label={t('visual.transcript')} />}
      {c.type === 'keypoints' && (
        <>
          <SwitchProp c={c} field="reference_image" label={t('visual.reference_image')} />
          <KeypointsEditor c={c} />
        </>
      )}
    </>
  );
}
