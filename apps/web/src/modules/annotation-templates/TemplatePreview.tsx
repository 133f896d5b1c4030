import { LinkOutlined } from '@ant-design/icons';
import type { TTemplateComponent, TTemplateContent } from '@app/contracts';
import { Button, Card, Checkbox, Flex, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './templates.css';
import { ColorTag } from '../../shared/ColorTag.tsx';

const MEDIA = new Set(['image', 'text', 'audio', 'video', 'point_cloud']);
const TOOLS = new Set([
  'rect',
  'rotated_rect',
  'polygon',
  'polyline',
  'point',
  'keypoints',
  'cuboid',
  'text_entity',
  'audio_segment',
  'video_track',
]);

function Shortcut({ value }: { value?: string }) {
  return value ? <Typography.Text keyboard>{value}</Typography.Text> : null;
}

function Labels({ labels }: { labels: { name: string; color: string; shortcut?: string }[] }) {
  return (
    <Flex wrap gap={6}>
      {labels.map((label) => (
        <ColorTag key={label.name} color={label.color}>
          {label.name} <Shortcut value={label.shortcut} />
        </ColorTag>
      ))}
    </Flex>
  );
}

function Field({ label, required, children }: { label: string; required?: boolean; children: React.ReactNode }) {
  return (
    <div>
      <Typography.Text>
        {required && <Typography.Text type="danger">* </Typography.Text>}
        {label}
      </Typography.Text>
      <div style={{ marginTop: 4 }}>{children}</div>
    </div>
  );
}

/** One component as the annotator would see it, read-only (form controls disabled). */
function PreviewComponent({ component: c }: { component: TTemplateComponent }) {
  const { t } = useTranslation('annotation-templates');
  if (MEDIA.has(c.type) && 'field' in c) {
    return (
      <div className="template-preview-media" data-testid={`preview-${c.id}`}>
        <Typography.Text type="secondary">
          {t(`type.${c.type}`)}
          {c.title ? ` · ${c.title}` : ''}
          {c.type === 'video' ? ` · ${t('fps', { fps: c.fps })}` : ''}
          {(c.type === 'video' || c.type === 'audio') && c.must_play_through ? ` · ${t('must_play_through')}` : ''}
        </Typography.Text>
      </div>
    );
  }
  if (TOOLS.has(c.type) && 'shortcut' in c) {
    return (
      <Card size="small" data-testid={`preview-${c.id}`}>
        <Space wrap>
          <Tag color="blue">{t(`type.${c.type}`)}</Tag>
          {c.label}
          <Shortcut value={c.shortcut} />
          {c.type === 'audio_segment' && c.transcript && <Tag>{t('transcript')}</Tag>}
        </Space>
        {c.type === 'keypoints' && (
          <ol className="template-preview-points">
            {c.points.map((point) => (
              <li key={point.name}>
                <ColorTag color={point.color}>{point.name}</ColorTag>
              </li>
            ))}
          </ol>
        )}
        {c.type === 'keypoints' && (
          <Typography.Text type="secondary">{t('edges', { count: c.edges.length })}</Typography.Text>
        )}
      </Card>
    );
  }
  switch (c.type) {
    case 'tags':
      return (
        <Field label={c.label || t('type.tags')} required={c.required}>
          <Labels labels={c.labels} />
        </Field>
      );
    case 'tag_group':
      return (
        <Field label={`${c.label}${c.asterisk ? ' *' : ''}`} required={c.required}>
          <Labels labels={c.labels} />
        </Field>
      );
    case 'radio':
      return (
        <Field label={c.label} required={c.required}>
          <Radio.Group disabled options={c.options} />
        </Field>
      );
    case 'checkbox':
      return (
        <Field label={c.label} required={c.required}>
          <Checkbox.Group disabled options={c.options} />
        </Field>
      );
    case 'select':
      return (
        <Field label={c.label} required={c.required}>
          <Select disabled mode={c.multiple ? 'multiple' : undefined} options={c.options} style={{ width: 240 }} />
        </Field>
      );
    case 'input':
      return (
        <Field label={c.label} required={c.required}>
          <Input disabled placeholder={c.placeholder} />
        </Field>
      );
    case 'textarea':
      return (
        <Field label={c.label} required={c.required}>
          <Input.TextArea disabled placeholder={c.placeholder} rows={2} />
        </Field>
      );
    case 'upload':
      return (
        <Field label={c.label} required={c.required}>
          <Button disabled>{t('upload_button')}</Button>
        </Field>
      );
    case 'data_cleaning':
      return (
        <Field label={c.label || t('type.data_cleaning')}>
          <Radio.Group
            disabled
            options={[
              { value: 'valid', label: c.valid_label || t('valid') },
              { value: 'invalid', label: c.invalid_label || t('invalid') },
            ]}
          />
        </Field>
      );
    case 'layout':
      return (
        <Flex vertical={c.direction === 'column'} gap={12} wrap className="template-preview-layout">
          {c.children.map((child) => (
            <PreviewComponent key={child.id} component={child} />
          ))}
        </Flex>
      );
    case 'external_link':
      return (
        <Typography.Link href={c.url} target="_blank" rel="noreferrer">
          <LinkOutlined /> {c.label}
        </Typography.Link>
      );
    default:
      return null;
  }
}

/** The components of a template as they would appear in the workbench, read-only. */
export function TemplatePreview({ content }: { content: TTemplateContent | null }) {
  const { t } = useTranslation('annotation-templates');
  if (!content) return <Typography.Text type="secondary">{t('preview_unavailable')}</Typography.Text>;
  if (content.components.length === 0) return <Typography.Text type="secondary">{t('preview_empty')}</Typography.Text>;
  return (
    <Flex vertical gap={12} data-testid="template-preview">
      {content.components.map((component) => (
        <PreviewComponent key={component.id} component={component} />
      ))}
    </Flex>
  );
}
