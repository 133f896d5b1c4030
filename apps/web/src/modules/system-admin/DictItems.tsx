import type { TDictItem } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Popconfirm, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFormErrors } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { createDictItem, DICTS_KEY, deleteDictItem, dictDetailQuery, updateDictItem } from './queries.ts';

interface ItemFormValues {
  value: string;
  label_zh: string;
  label_en: string;
  sort: number;
  enabled: boolean;
}

/** A dictionary's items: an inline form to add or edit one, and the table of them. */
export function DictItems({ dictId }: { dictId: number }) {
  const { t } = useTranslation(['system-admin', 'common', 'validation']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ItemFormValues>();
  const [editing, setEditing] = useState<TDictItem>();
  const detail = useQuery(dictDetailQuery(dictId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: DICTS_KEY });
  const save = useMutation({
    mutationFn: (values: ItemFormValues) =>
      editing ? updateDictItem({ id: editing.id, ...values }) : createDictItem({ dict_id: dictId, ...values }),
    onSuccess: async () => {
      setEditing(undefined);
      form.resetFields();
      await refresh();
    },
    onError: (error) => {
      const fields = ['value', 'label_zh', 'label_en', 'sort'] as const;
      if (!setFormErrors(form, error, fields, { dict_value_taken: 'value' })) showError(error);
    },
  });
  const remove = useMutation({
    mutationFn: deleteDictItem,
    onSuccess: refresh,
    onError: showError,
  });
  const required = [{ required: true, whitespace: true, message: t('validation:required') }];
  return (
    <>
      <Form<ItemFormValues>
        form={form}
        layout="inline"
        initialValues={{ value: '', label_zh: '', label_en: '', sort: 0, enabled: true }}
        onFinish={(values) => save.mutate(values)}
        style={{ marginBottom: 16, rowGap: 8 }}
        data-testid="dict-item-form"
      >
        <Form.Item name="value" rules={required}>
          <Input placeholder={t('item_value')} maxLength={64} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="label_zh" rules={required}>
          <Input placeholder={t('label_zh')} maxLength={64} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="label_en" rules={required}>
          <Input placeholder={t('label_en')} maxLength={64} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="sort">
          <InputNumber placeholder={t('sort')} aria-label={t('sort')} style={{ width: 70 }} />
        </Form.Item>
        <Form.Item name="enabled" valuePropName="checked">
          <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing ? t('common:save') : t('item_add')}
          </Button>
          {editing && (
            <Button
              onClick={() => {
                setEditing(undefined);
                form.resetFields();
              }}
            >
              {t('common:cancel')}
            </Button>
          )}
        </Space>
      </Form>
      <Table<TDictItem>
        rowKey="id"
        size="small"
        loading={detail.isFetching}
        dataSource={detail.data?.items}
        pagination={false}
        data-testid="dict-item-table"
        columns={[
          { title: t('item_value'), dataIndex: 'value' },
          { title: t('label_zh'), dataIndex: 'label_zh' },
          { title: t('label_en'), dataIndex: 'label_en' },
          { title: t('sort'), dataIndex: 'sort', width: 70 },
          {
            title: t('enabled'),
            dataIndex: 'enabled',
            width: 80,
            render: (enabled: boolean) => (enabled ? t('yes') : t('no')),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 140,
            render: (_, item) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setEditing(item);
                    form.setFieldsValue(item);
                  }}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('delete_confirm', { name: item.label_zh })}
                  onConfirm={() => remove.mutate(item.id)}
                >
                  <Button type="link" size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
