import { LinkOutlined } from '@ant-design/icons';
import type { TTemplateComponent, TTemplateContent } from '@app/contracts';
import { Checkbox, Flex, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValue } from '../annotation-tools/index.ts';

interface FormProps {
  fields: Record<string, FieldValue>;
  onChange: (name: string, value: FieldValue) => void;
  readOnly: boolean;
}

const asText = (v: FieldValue | undefined) => (typeof v === 'string' ? v : '');
const asList = (v: FieldValue | undefined) => (Array.isArray(v) ? v : typeof v === 'string' && v ? [v] : []);

function Field({ label, required, children }: { label: string; required?: boolean; children: ReactNode }) {
  return (
    <div>
      <Typography.Text strong>
        {required && <Typography.Text type="danger">* </Typography.Text>}
        {label}
      </Typography.Text>
      <div style={{ marginTop: 4 }}>{children}</div>
    </div>
  );
}

/** Data cleaning: `true` valid; invalid is `false`, or the chosen reasons when the component offers some. */
function DataCleaning({
  c,
  value,
  onChange,
  readOnly,
}: {
  c: Extract<TTemplateComponent, { type: 'data_cleaning' }>;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('jobs');
  const choice = value === true ? 'valid' : value === false || Array.isArray(value) ? 'invalid' : undefined;
  return (
    <Field label={c.label || t('data_cleaning')}>
      <Space orientation="vertical" data-testid={`field-${c.name}`}>
        <Radio.Group
          disabled={readOnly}
          value={choice}
          onChange={(e) => onChange(e.target.value === 'valid')}
          options={[
            { value: 'valid', label: c.valid_label || t('valid') },
            { value: 'invalid', label: c.invalid_label || t('invalid') },
          ]}
        />
        {choice === 'invalid' && c.reasons.length > 0 && (
          <Checkbox.Group
            disabled={readOnly}
            value={asList(value)}
            onChange={(list) => onChange(list.length ? (list as string[]) : false)}
            options={c.reasons.map((r) => ({ value: r, label: r }))}
          />
        )}
      </Space>
    </Field>
  );
}

function Control({ c, fields, onChange, readOnly }: FormProps & { c: TTemplateComponent }) {
  const value = 'name' in c && typeof c.name === 'string' ? fields[c.name] : undefined;
  switch (c.type) {
    case 'layout':
      return (
        <Flex vertical={c.direction === 'column'} gap={12} wrap>
          {c.children.map((child) => (
            <Control key={child.id} c={child} fields={fields} onChange={onChange} readOnly={readOnly} />
          ))}
        </Flex>
      );
    case 'radio':
      return (
        <Field label={c.label} required={c.required}>
          <Radio.Group
            disabled={readOnly}
            value={asText(value) || undefined}
            onChange={(e) => onChange(c.name, e.target.value)}
            options={c.options}
            data-testid={`field-${c.name}`}
          />
        </Field>
      );
    case 'checkbox':
      return (
        <Field label={c.label} required={c.required}>
          <Checkbox.Group
            disabled={readOnly}
            value={asList(value)}
            onChange={(list) => onChange(c.name, list as string[])}
            options={c.options}
            data-testid={`field-${c.name}`}
          />
        </Field>
      );
    case 'select':
      return (
        <Field label={c.label} required={c.required}>
          <Select
            allowClear
            disabled={readOnly}
            mode={c.multiple ? 'multiple' : undefined}
            value={c.multiple ? asList(value) : asText(value) || undefined}
            onChange={(next?: string | string[]) => onChange(c.name, next ?? null)}
            options={c.options}
            style={{ minWidth: 240 }}
            aria-label={c.label}
            data-testid={`field-${c.name}`}
          />
        </Field>
      );
    case 'input':
      return (
        <Field label={c.label} required={c.required}>
          <Input
            disabled={readOnly}
            value={asText(value)}
            placeholder={c.placeholder}
            maxLength={c.max_length}
            onChange={(e) => onChange(c.name, e.target.value)}
            aria-label={c.label}
            data-testid={`field-${c.name}`}
          />
        </Field>
      );
    case 'textarea':
      return (
        <Field label={c.label} required={c.required}>
          <Input.TextArea
            disabled={readOnly}
            value={asText(value)}
            placeholder={c.placeholder}
            maxLength={c.max_length}
            showCount
            autoSize={{ minRows: 3, maxRows: 10 }}
            onChange={(e) => onChange(c.name, e.target.value)}
            aria-label={c.label}
            data-testid={`field-${c.name}`}
          />
        </Field>
      );
    case 'tag_group': {
      const chosen = asList(value);
      const toggle = (name: string) => {
        if (readOnly) return;
        const on = chosen.includes(name);
        if (c.multiple) onChange(c.name, on ? chosen.filter((x) => x !== name) : [...chosen, name]);
        else onChange(c.name, on ? null : name);
      };
      return (
        <Field label={`${c.label}${c.asterisk ? ' *' : ''}`} required={c.required}>
          <Flex wrap gap={6} data-testid={`field-${c.name}`}>
            {c.labels.map((label) => (
              <Tag.CheckableTag
                key={label.name}
                checked={chosen.includes(label.name)}
                onChange={() => toggle(label.name)}
                style={{ borderColor: label.color }}
                data-testid={`field-${c.name}-${label.name}`}
              >
                {label.name}
              </Tag.CheckableTag>
            ))}
          </Flex>
        </Field>
      );
    }
    case 'data_cleaning':
      return <DataCleaning c={c} value={value} onChange={(v) => onChange(c.name, v)} readOnly={readOnly} />;
    case 'external_link':
      return (
        <Typography.Link href={c.url} target="_blank" rel="noreferrer">
          <LinkOutlined /> {c.label}
        </Typography.Link>
      );
    default:
      // Media, drawing tools, tags and uploads belong to the annotation tools of a later issue.
      return null;
  }
}

const FORM_TYPES: ReadonlySet<string> = new Set([
  'radio',
  'checkbox',
  'select',
  'input',
  'textarea',
  'tag_group',
  'data_cleaning',
  'external_link',
]);

/** Whether the template has anything the form shows (the tools' components it leaves to the tools). */
export function hasFormControls(template: TTemplateContent | null): boolean {
  const any = (list: readonly TTemplateComponent[]): boolean =>
    list.some((c) => FORM_TYPES.has(c.type) || (c.type === 'layout' && any(c.children)));
  return !!template && any(template.components);
}

/** The template's form controls (radio, checkbox, select, input, textarea, tag group, data cleaning) on `fields`. */
export function TemplateForm({ template, ...props }: FormProps & { template: TTemplateContent | null }) {
  const { t } = useTranslation('jobs');
  if (!template || template.components.length === 0) {
    return <Typography.Text type="secondary">{t('no_form')}</Typography.Text>;
  }
  return (
    <Flex vertical gap={16} data-testid="job-form">
      {template.components.map((c) => (
        <Control key={c.id} c={c} {...props} />
      ))}
    </Flex>
  );
}
