import { Button, ColorPicker, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Comp } from './doc-ops.ts';
import { ShortcutInput, SwitchProp, shift, TextProp, usePatch } from './prop-fields.tsx';

type Label = { name: string; color: string; shortcut?: string };

export const PALETTE_COLORS = ['#1677ff', '#52c41a', '#fa541c', '#faad14', '#722ed1', '#13c2c2', '#eb2f96', '#8c8c8c'];

/** The labels of a `tags` or `tag_group`: name, colour and an optional shortcut checked against the document. */
function LabelsEditor({ c, labels }: { c: Comp; labels: Label[] }) {
  const { t } = useTranslation('annotation-templates');
  const patch = usePatch(c.id);
  const set = (next: Label[]) => patch({ labels: next });
  const edit = (i: number, change: Partial<Label>) =>
    set(labels.map((l, j) => (j === i ? ({ ...l, ...change } as Label) : l)));
  const fresh = (): Label => {
    const names = new Set(labels.map((l) => l.name));
    let n = labels.length + 1;
    while (names.has(`label${n}`)) n++;
    return { name: `label${n}`, color: PALETTE_COLORS[labels.length % PALETTE_COLORS.length] ?? '#1677ff' };
  };
  return (
    <Form.Item label={t('visual.labels')}>
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="prop-labels">
        {labels.map((label, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: labels are edited in place, the index is their identity
          <div key={i} className="visual-list-row">
            <Space.Compact style={{ width: '100%' }}>
              <span data-testid={`prop-labels-color-${i}`}>
                <ColorPicker
                  value={label.color}
                  disabledAlpha
                  presets={[{ label: t('visual.color'), colors: PALETTE_COLORS }]}
                  onChange={(color) => edit(i, { color: color.toHexString() })}
                />
              </span>
              <Input
                value={label.name}
                placeholder={t('visual.label_name')}
                onChange={(e) => edit(i, { name: e.target.value })}
                data-testid={`prop-labels-name-${i}`}
              />
              <Button onClick={() => set(shift(labels, i, -1))} disabled={i === 0} aria-label={t('visual.move_up')}>
                ↑
              </Button>
              <Button
                danger
                onClick={() => set(labels.filter((_, j) => j !== i))}
                data-testid={`prop-labels-remove-${i}`}
              >
                {t('visual.remove')}
              </Button>
            </Space.Compact>
            <ShortcutInput
              value={label.shortcut}
              onChange={(shortcut) => edit(i, { shortcut })}
              testId={`prop-labels-shortcut-${i}`}
            />
          </div>
        ))}
        <Button type="dashed" block onClick={() => set([...labels, fresh()])} data-testid="prop-labels-add">
          {t('visual.add_label')}
        </Button>
      </Space>
    </Form.Item>
  );
}

/** `tags` (classes shapes carry) and `tag_group` (a choice about the whole item). */
export function LabelsProps({ c }: { c: Comp }) {
  const { t } = useTranslation('annotation-templates');
  if (c.type !== 'tags' && c.type !== 'tag_group') return null;
  return (
    <>
      {c.type === 'tag_group' && <TextProp c={c} field="name" label={t('visual.name')} />}
      <TextProp c={c} field="label" label={t('visual.label')} />
      <SwitchProp c={c} field="required" label={t('visual.required')} />
      {c.type === 'tag_group' && (
        <>
          <SwitchProp c={c} field="multiple" label={t('visual.multiple')} />
          <SwitchProp c={c} field="asterisk" label={t('visual.asterisk')} />
        </>
      )}
      <LabelsEditor c={c} labels={Array.isArray(c.labels) ? c.labels : []} />
    </>
  );
}
