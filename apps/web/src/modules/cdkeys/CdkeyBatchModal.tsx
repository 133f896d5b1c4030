import type { TCdkeyBatchRow } from '@app/contracts';
import { CDKEY_LIMITS } from '@app/contracts/procedures/cdkeys.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { categoryTreeQuery } from '../question-bank/index.ts';
import { createCdkeyBatch } from './queries.ts';

interface Values {
  name: string;
  category_id: number;
  sub_category_id?: number | null;
  unit_price: number;
  count: number;
  validity: [Dayjs, Dayjs];
}

/** A new batch: first-level category, optionally one of its children, unit price, count and validity. */
export function CdkeyBatchModal({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (batch: TCdkeyBatchRow) => void;
}) {
  const { t } = useTranslation(['cdkeys', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const categoryId = Form.useWatch('category_id', form);
  const tree = useQuery({ ...categoryTreeQuery(true), enabled: open });
  const top = tree.data?.list ?? [];
  const children = top.find((c) => c.id === categoryId)?.children ?? [];

  const save = useMutation({
    mutationFn: (values: Values) =>
      createCdkeyBatch({
        name: values.name.trim(),
        category_id: values.category_id,
        sub_category_id: values.sub_category_id ?? null,
        unit_price: values.unit_price,
        count: values.count,
        valid_from: values.validity[0].toISOString(),
        valid_until: values.validity[1].toISOString(),
      }),
    onSuccess: (batch) => {
      void message.success(t('created', { count: batch.count }));
      onSaved(batch);
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['name', 'category_id', 'sub_category_id', 'unit_price', 'count'])) {
        showError(error);
      }
    },
  });

  return (
    <FormModal<Values>
      form={form}
      open={open}
      title={t('create')}
      saving={save.isPending}
      saveTestId="cdkey-batch-save"
      initialValues={{ unit_price: 0, count: 100 }}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('batch_name')}
        rules={[{ required: true, whitespace: true, message: t('validation:required') }]}
      >
        <Input maxLength={CDKEY_LIMITS.name} showCount autoFocus data-testid="cdkey-batch-name" />
      </Form.Item>
      <Form.Item
        name="category_id"
        label={t('category')}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <Select
          loading={tree.isLoading}
          options={top.map((c) => ({ value: c.id, label: c.name }))}
          notFoundContent={t('no_categories')}
          onChange={() => form.setFieldValue('sub_category_id', null)}
          data-testid="cdkey-batch-category"
        />
      </Form.Item>
      <Form.Item name="sub_category_id" label={t('sub_category')} extra={t('sub_category_help')}>
        <Select
          allowClear
          disabled={children.length === 0}
          options={children.map((c) => ({ value: c.id, label: c.name }))}
          data-testid="cdkey-batch-sub-category"
        />
      </Form.Item>
      <Form.Item
        name="unit_price"
        label={t('unit_price_yuan')}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <InputNumber min={0} max={CDKEY_LIMITS.priceYuan} precision={2} step={1} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="count"
        label={t('count')}
        extra={t('count_help', { max: CDKEY_LIMITS.count })}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <InputNumber
          min={1}
          max={CDKEY_LIMITS.count}
          precision={0}
          style={{ width: '100%' }}
          data-testid="cdkey-batch-count"
        />
      </Form.Item>
      <Form.Item
        name="validity"
        label={t('validity')}
        rules={[
          { required: true, message: t('validation:required') },
          {
            validator: (_, value?: [Dayjs, Dayjs]) =>
              !value || value[0].isBefore(value[1])
                ? Promise.resolve()
                : Promise.reject(new Error(t('validation:end_before_start'))),
          },
        ]}
      >
        <DatePicker.RangePicker showTime style={{ width: '100%' }} data-testid="cdkey-batch-validity" />
      </Form.Item>
    </FormModal>
  );
}
