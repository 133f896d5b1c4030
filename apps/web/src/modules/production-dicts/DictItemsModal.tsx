import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TLabelDictDetail } from '@app/contracts';
import { LABEL_DICT_LIMITS } from '@app/contracts/procedures/production-dicts.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, ColorPicker, Input, Modal, Space, Spin, Switch, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import {
  type CellProblem,
  emptyRow,
  type ItemField,
  type ItemRow,
  inputOf,
  moveRow,
  PRESET_COLORS,
  type RowProblems,
  rowProblems,
  rowsOf,
  serverProblems,
} from './dict-item-rows.ts';
import { dictDetailQuery, saveDictItems } from './queries.ts';

/** The items editor of one dictionary: loads its items, then edits them as a table saved in one call. */
export function DictItemsModal({
  dictId,
  onClose,
  onSaved,
}: {
  dictId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['production-dicts', 'common']);
  const detail = useQuery({
    ...dictDetailQuery(dictId),
    staleTime: 0,
    gcTime: 0,
  });
  if (detail.data) return <ItemsEditor dict={detail.data} onClose={onClose} onSaved={onSaved} />;
  return (
    <Modal open title={t('items')} footer={null} onCancel={onClose} width={1000}>
      {detail.isError ? (
        <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />
      ) : (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      )}
    </Modal>
  );
}

function ItemsEditor({ dict, onClose, onSaved }: { dict: TLabelDictDetail; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['production-dicts', 'common']);
  const { message, modal } = App.useApp();
  const [rows, setRows] = useState<ItemRow[]>(() => rowsOf(dict.items));
  const [refused, setRefused] = useState<RowProblems>({});
  const initial = useMemo(() => JSON.stringify(inputOf(rowsOf(dict.items))), [dict]);
  const dirty = JSON.stringify(inputOf(rows)) !== initial;
  const local = useMemo(() => rowProblems(rows), [rows]);
  const tooMany = rows.length > LABEL_DICT_LIMITS.items;
  const hasProblems = Object.keys(local).length > 0 || tooMany;

  // Updates go through the latest rows (two quick clicks on "add" make two rows).
  const change = (next: (rows: ItemRow[]) => ItemRow[]) => {
    setRows(next);
    setRefused({});
  };
  const update = (key: string, patch: Partial<ItemRow>) =>
    change((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const save = useMutation({
    mutationFn: () => saveDictItems({ id: dict.id, items: inputOf(rows) }),
    onSuccess: () => {
      void message.success(t('saved'));
      onSaved();
    },
    onError: (error) => {
      const cells = error instanceof ApiError ? serverProblems(rows, error.code, error.details, error.message) : {};
      setRefused(cells);
      if (Object.keys(cells).length === 0) showError(error);
    },
  });

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: t('items_discard'),
      okText: t('discard'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };

  const problemText = (problem: CellProblem) => ('text' in problem ? problem.text : t(problem.key, problem.params));
  const problemOf = (row: ItemRow, field: ItemField) => refused[row.key]?.[field] ?? local[row.key]?.[field];
  const cell = (row: ItemRow, field: ItemField, control: React.ReactNode) => {
    const problem = problemOf(row, field);
    return (
      <div>
        {control}
        {problem && (
          <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }}>
            {problemText(problem)}
          </Typography.Text>
        )}
      </div>
    );
  };
  const textInput = (row: ItemRow, index: number, field: 'value' | 'label' | 'shortcut', max: number) =>
    cell(
      row,
      field,
      <Input
        value={row[field]}
        maxLength={max}
        status={problemOf(row, field) ? 'error' : undefined}
        placeholder={t(`${field}_placeholder`)}
        onChange={(event) => update(row.key, { [field]: event.target.value })}
        data-testid={`dict-item-${field}-${index}`}
      />,
    );

  return (
    <Modal
      open
      width={1000}
      title={t('items_title', { name: dict.name })}
      onCancel={close}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={close}>{t('common:cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={hasProblems}
            onClick={() => save.mutate()}
            data-testid="dict-items-save"
          >
            {t('common:save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('items_help')}</Typography.Paragraph>
      {hasProblems && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={tooMany ? t('items_too_many', { max: LABEL_DICT_LIMITS.items }) : t('items_fix_first')}
        />
      )}
      <Table<ItemRow>
        rowKey="key"
        size="small"
        dataSource={rows}
        pagination={false}
        scroll={{ y: 460 }}
        locale={{ emptyText: t('items_empty') }}
        data-testid="dict-items-table"
        columns={[
          {
            title: t('order'),
            width: 96,
            render: (_: unknown, _row, index) => (
              <Space size={2}>
                <Typography.Text type="secondary" style={{ width: 28, display: 'inline-block' }}>
                  {index + 1}
                </Typography.Text>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={t('move_up')}
                  onClick={() => change((rows) => moveRow(rows, index, -1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === rows.length - 1}
                  aria-label={t('move_down')}
                  onClick={() => change((rows) => moveRow(rows, index, 1))}
                />
              </Space>
            ),
          },
          {
            title: t('value'),
            render: (_: unknown, row, index) => textInput(row, index, 'value', LABEL_DICT_LIMITS.value),
          },
          {
            title: t('label'),
            render: (_: unknown, row, index) => textInput(row, index, 'label', LABEL_DICT_LIMITS.label),
          },
          {
            title: t('color'),
            width: 150,
            render: (_: unknown, row) =>
              cell(
                row,
                'color',
                <ColorPicker
                  value={row.color}
                  disabledAlpha
                  showText
                  presets={[{ label: t('color'), colors: PRESET_COLORS }]}
                  onChange={(color) => update(row.key, { color: color.toHexString() })}
                />,
              ),
          },
          {
            title: t('shortcut'),
            width: 150,
            render: (_: unknown, row, index) => textInput(row, index, 'shortcut', 40),
          },
          {
            title: t('enabled'),
            width: 72,
            render: (_: unknown, row) => (
              <Switch size="small" checked={row.enabled} onChange={(enabled) => update(row.key, { enabled })} />
            ),
          },
          {
            title: t('common:actions'),
            width: 64,
            render: (_: unknown, row, index) => (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('remove')}
                onClick={() => change((rows) => rows.filter((r) => r.key !== row.key))}
                data-testid={`dict-item-remove-${index}`}
              />
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
        <Button
          icon={<PlusOutlined />}
          disabled={rows.length >= LABEL_DICT_LIMITS.items}
          onClick={() => change((rows) => [...rows, emptyRow(rows.length)])}
          data-testid="dict-item-add"
        >
          {t('add_item')}
        </Button>
        <Typography.Text type="secondary">
          {t('items_count', { count: rows.length, max: LABEL_DICT_LIMITS.items })}
        </Typography.Text>
      </Space>
    </Modal>
  );
}
