import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Comp, updateComponent } from './doc-ops.ts';
import { shortcutCounts, shortcutProblem, useVisual } from './visual-context.ts';

/** Fields of a component as the property inputs see them (any key of any component type). */
type Loose = Record<string, unknown>;

/** Changes fields of one component; `undefined` removes an optional field. */
export function usePatch(id: string) {
  const { change } = useVisual();
  return (patch: Loose) => change((list) => updateComponent(list, id, (c) => ({ ...c, ...patch }) as Comp));
}

const read = (c: Comp, field: string) => (c as unknown as Loose)[field];

/** A text field of the component, `prop-<field>`. */
export function TextProp({ c, field, label, optional }: { c: Comp; field: string; label: string; optional?: boolean }) {
  const patch = usePatch(c.id);
  const value = read(c, field);
  return (
    <Form.Item label={label}>
      <Input
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => patch({ [field]: optional && e.target.value === '' ? undefined : e.target.value })}
        data-testid={`prop-${field}`}
      />
    </Form.Item>
  );
}

export function NumberProp({
  c,
  field,
  label,
  min,
  max,
}: {
  c: Comp;
  field: string;
  label: string;
  min: number;
  max: number;
}) {
  const patch = usePatch(c.id);
  const value = read(c, field);
  return (
    <Form.Item label={label}>
      <InputNumber
        value={typeof value === 'number' ? value : null}
        min={min}
        max={max}
        precision={0}
        onChange={(next) => typeof next === 'number' && patch({ [field]: next })}
        data-testid={`prop-${field}`}
      />
    </Form.Item>
  );
}

export function SwitchProp({ c, field, label }: { c: Comp; field: string; label: string }) {
  const patch = usePatch(c.id);
  return (
    <Form.Item label={label}>
      <Switch
        checked={read(c, field) === true}
        onChange={(next) => patch({ [field]: next })}
        data-testid={`prop-${field}`}
      />
    </Form.Item>
  );
}

export function SelectProp({
  c,
  field,
  label,
  options,
  allowClear,
}: {
  c: Comp;
  field: string;
  label: string;
  options: { value: string; label: string }[];
  allowClear?: boolean;
}) {
  const patch = usePatch(c.id);
  const value = read(c, field);
  return (
    <Form.Item label={label}>
      <Select
        value={typeof value === 'string' ? value : undefined}
        options={options}
        allowClear={allowClear}
        onChange={(next?: string) => patch({ [field]: next || undefined })}
        data-testid={`prop-${field}`}
      />
    </Form.Item>
  );
}

/** A shortcut input that says inline when the key is not a shortcut or is used elsewhere in the document. */
export function ShortcutInput({
  value,
  onChange,
  testId,
}: {
  value?: string;
  onChange: (value: string | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation('annotation-templates');
  const { components } = useVisual();
  const counts = useMemo(() => shortcutCounts(components), [components]);
  const problem = shortcutProblem(value, counts);
  return (
    <div>
      <Input
        value={value ?? ''}
        placeholder={t('visual.shortcut_placeholder')}
        status={problem ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value.trim() === '' ? undefined : e.target.value.trim())}
        data-testid={testId}
      />
      {problem && (
        <div className="visual-inline-error" data-testid={`${testId}-problem`}>
          {t(`visual.shortcut_${problem}`)}
        </div>
      )}
    </div>
  );
}

/** Moves an item of a list one place up (-1) or down (+1). */
export function shift<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}
