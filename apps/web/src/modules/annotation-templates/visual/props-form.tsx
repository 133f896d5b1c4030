import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Comp } from './doc-ops.ts';
import { NumberProp, SwitchProp, shift, TextProp, usePatch } from './prop-fields.tsx';

type Option = { value: string; label: string };

/** The options of a radio, checkbox or select: value and label, added, removed and reordered. */
function OptionsEditor({ c, options }: { c: Comp; options: Option[] }) {
  const { t } = useTranslation('annotation-templates');
  const patch = usePatch(c.id);
  const set = (next: Option[]) => patch({ options: next });
  const edit = (i: number, change: Partial<Option>) => set(options.map((o, j) => (j === i ? { ...o, ...change } : o)));
  const fresh = () => {
    const values = new Set(options.map((o) => o.value));
    let n = options.length + 1;
    while (values.has(`option${n}`)) n++;
    return { value: `option${n}`, label: t('visual.option_label', { n }) };
  };
  return (
    <Form.Item label={t('visual.options')}>
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="prop-options">
        {options.map((option, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place, the index is their identity
          <Space.Compact key={i} style={{ width: '100%' }}>
            <Input
              value={option.value}
              placeholder={t('visual.option_value')}
              onChange={(e) => edit(i, { value: e.target.value })}
              data-testid={`prop-option-value-${i}`}
            />
            <Input
              value={option.label}
              placeholder={t('visual.option_text')}
              onChange={(e) => edit(i, { label: e.target.value })}
              data-testid={`prop-option-label-${i}`}
            />
            <Button onClick={() => set(shift(options, i, -1))} disabled={i === 0} aria-label={t('visual.move_up')}>
              ↑
            </Button>
            <Button
              onClick={() => set(shift(options, i, 1))}
              disabled={i === options.length - 1}
              aria-label={t('visual.move_down')}
            >
              ↓
            </Button>
            <Button
              danger
              onClick={() => set(options.filter((_, j) => j !== i))}
              data-testid={`prop-option-remove-${i}`}
            >
              {t('visual.remove')}
            </Button>
          </Space.Compact>
        ))}
        <Button type="dashed" block onClick={() => set([...options, fresh()])} data-testid="prop-option-add">
          {t('visual.add_option')}
        </Button>
      </Space>
    </Form.Item>
  );
}

/** Form controls: result name, label, required; options; placeholder and length; upload types and count. */
export function FormProps({ c }: { c: Comp }) {
  const { t } = useTranslation('annotation-templates');
  const patch = usePatch(c.id);
  return (
    <>
      <TextProp c={c} field="name" label={t('visual.name')} />
      <TextProp c={c} field="label" label={t('visual.label')} />
      <SwitchProp c={c} field="required" label={t('visual.required')} />
      {(c.type === 'radio' || c.type === 'checkbox' || c.type === 'select') && (
        <OptionsEditor c={c} options={Array.isArray(c.options) ? c.options : []} />
      )}
      {c.type === 'select' && <SwitchProp c={c} field="multiple" label={t('visual.multiple')} />}
      {(c.type === 'input' || c.type === 'textarea') && (
        <>
          <TextProp c={c} field="placeholder" label={t('visual.placeholder')} />
          <NumberProp
            c={c}
            field="max_length"
            label={t('visual.max_length')}
            min={1}
            max={c.type === 'input' ? 10_000 : 100_000}
          />
        </>
      )}
      {c.type === 'upload' && (
        <>
          <Form.Item label={t('visual.accept')} extra={t('visual.accept_help')}>
            <Select
              mode="tags"
              value={Array.isArray(c.accept) ? c.accept : []}
              tokenSeparators={[',', ' ']}
              onChange={(next: string[]) => patch({ accept: next.map((x) => x.replace(/^\./, '').toLowerCase()) })}
              open={false}
              data-testid="prop-accept"
            />
          </Form.Item>
          <NumberProp c={c} field="max_files" label={t('visual.max_files')} min={1} max={50} />
        </>
      )}
    </>
  );
}
