import type { TCategoryDetail } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { FormModal } from '../../shared/FormModal.tsx';
import { ImageField } from './image-field.tsx';
import { createCategory, updateCategory, useTemplatesChanged } from './queries.ts';
import './templates.css';
import { showError } from '../../shared/query-client.ts';

export const TASK_TYPE_OPTIONS = ['image', 'video', 'audio', 'text', 'point_cloud', 'form'] as const;
const DRAW_TYPE_OPTIONS = [
  'none',
  'mixed',
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
] as const;
const IMAGE_FIELDS = ['small_icon', 'big_icon', 'preview_image'] as const;

interface Values {
  name: string;
  name_en: string;
  task_type: (typeof TASK_TYPE_OPTIONS)[number];
  draw_type: (typeof DRAW_TYPE_OPTIONS)[number];
  keyword: string;
  data_field: string;
  template_field: string;
  template_zh: string;
  template_en: string;
  sort: number;
  enabled: boolean;
  small_icon?: string | null;
  big_icon?: string | null;
  preview_image?: string | null;
}

const jsonText = (doc: unknown) => (doc ? JSON.stringify(doc, null, 2) : '');

/** Create or edit a category: names, task and draw type, fields, icons and preview, starting templates (JSON). */
export function CategoryFormModal({
  open,
  category,
  onClose,
}: {
  open: boolean;
  category?: TCategoryDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation(['annotation-templates', 'common', 'validation']);
  const { message } = App.useApp();
  const changed = useTemplatesChanged();
  const [form] = Form.useForm<Values>();
  const [refused, setRefused] = useState<string[]>([]);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const images = Object.fromEntries(
        IMAGE_FIELDS.filter((field) => values[field] !== undefined).map((field) => [field, values[field]]),
      );
      const input = {
        name: values.name,
        name_en: values.name_en ?? '',
        task_type: values.task_type,
        draw_type: values.draw_type,
        keyword: values.keyword ?? '',
        data_field: values.data_field ?? '',
        template_field: values.template_field ?? '',
        template_zh: values.template_zh?.trim() ? JSON.parse(values.template_zh) : null,
        template_en: values.template_en?.trim() ? JSON.parse(values.template_en) : null,
        sort: values.sort ?? 0,
        enabled: values.enabled,
        ...images,
      };
      return category ? updateCategory({ id: category.id, ...input }) : createCategory(input);
    },
    onSuccess: async () => {
      void message.success(t('saved'));
      await changed();
      onClose();
    },
    onError: (error) => {
      const details = error instanceof ApiError ? (error.details as { problems?: { message: string }[] }) : undefined;
      if (details?.problems) setRefused(details.problems.map((p) => p.message));
      else showError(error);
    },
  });

  const jsonRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) return;
      try {
        JSON.parse(value);
      } catch (error) {
        throw new Error(t('json_invalid', { message: (error as Error).message }));
      }
    },
  };

  return (
    <FormModal<Values>
      form={form}
      open={open}
      width={900}
      title={category ? t('category_edit_title', { name: category.name }) : t('category_create')}
      saving={save.isPending}
      saveTestId="category-save"
      initialValues={{
        name: category?.name ?? '',
        name_en: category?.name_en ?? '',
        task_type: category?.task_type ?? 'image',
        draw_type: category?.draw_type ?? 'none',
        keyword: category?.keyword ?? '',
        data_field: category?.data_field ?? '',
        template_field: category?.template_field ?? '',
        template_zh: jsonText(category?.template_zh),
        template_en: jsonText(category?.template_en),
        sort: category?.sort ?? 0,
        enabled: category?.enabled ?? true,
      }}
      onFinish={(values) => {
        setRefused([]);
        save.mutate(values);
      }}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="name"
            label={t('category_name')}
            rules={[{ required: true, whitespace: true, message: t('validation:required') }, { max: 30 }]}
          >
            <Input maxLength={30} data-testid="category-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="name_en" label={t('name_en')} rules={[{ max: 60 }]}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="task_type" label={t('task_type')} rules={[{ required: true }]}>
            <Select options={TASK_TYPE_OPTIONS.map((value) => ({ value, label: t(`task.${value}`) }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="draw_type" label={t('draw_type')}>
            <Select options={DRAW_TYPE_OPTIONS.map((value) => ({ value, label: t(`draw.${value}`) }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="keyword" label={t('keyword')} rules={[{ max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="data_field" label={t('data_field')} rules={[{ max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="template_field" label={t('template_field')} rules={[{ max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="sort" label={t('sort')}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        {IMAGE_FIELDS.map((field) => (
          <Col span={8} key={field}>
            <Form.Item name={field} label={t(field)}>
              <ImageField current={category?.[field]} testId={`category-${field}`} />
            </Form.Item>
          </Col>
        ))}
        <Col span={12}>
          <Form.Item name="template_zh" label={t('template_zh')} rules={[jsonRule]} extra={t('content_help')}>
            <Input.TextArea className="template-json" autoSize={{ minRows: 8, maxRows: 16 }} spellCheck={false} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="template_en" label={t('template_en')} rules={[jsonRule]}>
            <Input.TextArea className="template-json" autoSize={{ minRows: 8, maxRows: 16 }} spellCheck={false} />
          </Form.Item>
        </Col>
      </Row>
      {refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          message={t('save_refused')}
          description={
            <ul>
              {refused.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          }
        />
      )}
    </FormModal>
  );
}
