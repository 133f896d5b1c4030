import { PlusOutlined } from '@ant-design/icons';
import type { TDictItem } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../app/query-client.ts';
import { ApiError, type ApiOutput, api } from '../../shared/api.ts';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { type PageSize, serverPagination } from '../../shared/list-paging.ts';

type DictRow = ApiOutput<'/dict/list'>['list'][number];
const KEY = ['system', 'dicts'];

interface DictFormValues {
  key: string;
  name: string;
  description: string;
}
interface ItemFormValues {
  value: string;
  label_zh: string;
  label_en: string;
  sort: number;
  enabled: boolean;
}

/** Dictionaries and their items: the options selects across modules offer (`/dict/items`). */
export function DictsTab() {
  const { t } = useTranslation(['system', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState<{ page: number; pageSize: PageSize }>({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ open: boolean; seq: number; row?: DictRow }>({ open: false, seq: 0 });
  const [itemsOf, setItemsOf] = useState<DictRow>();
  const list = useQuery({
    queryKey: [...KEY, keyword, paging],
    queryFn: ({ signal }) => api('/dict/list', { keyword, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('/dict/delete', { id }),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: showError,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder={t('dict_search')}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 260 }}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
          data-testid="dict-create"
        >
          {t('dict_create')}
        </Button>
      </Space>
      <Table<DictRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        data-testid="dict-table"
        pagination={serverPagination(t, paging, list.data?.total ?? 0, setPaging)}
        columns={[
          {
            title: t('dict_key'),
            dataIndex: 'key',
            width: 180,
            render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
          },
          { title: t('dict_name'), dataIndex: 'name', width: 180 },
          { title: t('description'), dataIndex: 'description', ellipsis: true },
          { title: t('item_count'), dataIndex: 'item_count', width: 100 },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 220,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setItemsOf(row)} data-testid={`dict-items-${row.key}`}>
                  {t('items')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1, row }))}
                >
                  {t('edit')}
                </Button>
                <Popconfirm title={t('delete_confirm', { name: row.name })} onConfirm={() => remove.mutate(row.id)}>
                  <Button type="link" size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <DictFormModal
        key={editing.seq}
        open={editing.open}
        row={editing.row}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <Drawer
        open={!!itemsOf}
        width={760}
        title={itemsOf ? t('items_title', { name: itemsOf.name }) : ''}
        onClose={() => setItemsOf(undefined)}
        destroyOnHidden
      >
        {itemsOf && <DictItems dictId={itemsOf.id} />}
      </Drawer>
    </>
  );
}

function DictFormModal({ open, row, onClose }: { open: boolean; row?: DictRow; onClose: () => void }) {
  const { t } = useTranslation(['system', 'common', 'validation']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DictFormValues>();
  const save = useMutation({
    mutationFn: (values: DictFormValues) =>
      row
        ? api('/dict/update', { id: row.id, name: values.name, description: values.description ?? '' })
        : api('/dict/create', { key: values.key, name: values.name, description: values.description ?? '' }),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => {
      const onFields = fieldErrorsOf(error, ['key', 'name', 'description'] as const);
      if (error instanceof ApiError && error.code === 'dict_key_taken') {
        onFields.push({ name: 'key', errors: [error.message] });
      }
      if (onFields.length) form.setFields(onFields);
      else showError(error);
    },
  });
  return (
    <Modal
      open={open}
      title={row ? t('dict_edit_title', { name: row.name }) : t('dict_create')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', loading: save.isPending }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<DictFormValues>
          form={form}
          labelCol={{ flex: '100px' }}
          wrapperCol={{ flex: 'auto' }}
          initialValues={{ key: row?.key ?? '', name: row?.name ?? '', description: row?.description ?? '' }}
          onFinish={(values) => save.mutate(values)}
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="key"
        label={t('dict_key')}
        extra={row ? undefined : t('key_hint')}
        rules={[{ required: true, pattern: /^[A-Za-z0-9_]{1,64}$/, message: t('validation:setting_key_format') }]}
      >
        <Input maxLength={64} disabled={!!row} />
      </Form.Item>
      <Form.Item name="name" label={t('dict_name')} rules={[{ required: true, message: t('validation:required') }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </Modal>
  );
}

function DictItems({ dictId }: { dictId: number }) {
  const { t } = useTranslation(['system', 'common', 'validation']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ItemFormValues>();
  const [editing, setEditing] = useState<TDictItem>();
  const detail = useQuery({
    queryKey: [...KEY, 'detail', dictId],
    queryFn: ({ signal }) => api('/dict/detail', { id: dictId }, { signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const save = useMutation({
    mutationFn: (values: ItemFormValues) =>
      editing
        ? api('/dict/item-update', { id: editing.id, ...values })
        : api('/dict/item-create', { dict_id: dictId, ...values }),
    onSuccess: async () => {
      setEditing(undefined);
      form.resetFields();
      await refresh();
    },
    onError: (error) => {
      const onFields = fieldErrorsOf(error, ['value', 'label_zh', 'label_en', 'sort'] as const);
      if (error instanceof ApiError && error.code === 'dict_value_taken') {
        onFields.push({ name: 'value', errors: [error.message] });
      }
      if (onFields.length) form.setFields(onFields);
      else showError(error);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('/dict/item-delete', { id }),
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
          <InputNumber placeholder={t('sort')} style={{ width: 70 }} />
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
