import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TBatchRow } from '@app/contracts';
import { SETUP_LIMITS } from '@app/contracts/procedures/projects-setup.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Input, InputNumber, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format.ts';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { splitEvenly } from '../project-format.ts';
import { batchListQuery, confirmBatches } from '../queries.ts';
import { StepFooter } from './StepFooter.tsx';
import type { StepProps } from './wizard-types.ts';

interface Draft {
  key: number;
  name: string;
  count: number | null;
}

/** The confirmed batches, read only. */
export function BatchTable({ list }: { list: TBatchRow[] }) {
  const { t } = useTranslation('projects');
  return (
    <Table<TBatchRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={list}
      data-testid="batch-table"
      columns={[
        { title: t('seq'), dataIndex: 'seq', width: 70 },
        { title: t('batch_name'), dataIndex: 'name' },
        { title: t('item_count'), dataIndex: 'item_count', width: 120 },
        { title: t('total_size'), dataIndex: 'total_bytes', width: 120, render: formatBytes },
        {
          title: t('status'),
          dataIndex: 'status',
          width: 120,
          render: (s: TBatchRow['status']) => t(`batch_status_${s}`),
        },
      ]}
    />
  );
}

/** The wizard's batch step: split the items into batches summing to the total, confirmed once and then fixed. */
export function BatchesStep({ project, onNext, onBack, onDirty }: StepProps) {
  const batches = useQuery(batchListQuery(project.id));
  if (batches.isError && !batches.data) return <LoadFailed error={batches.error} onRetry={() => batches.refetch()} />;
  // Editors start from what the server holds now, not from an older cached answer.
  if (!batches.data || (batches.isFetching && !batches.isFetchedAfterMount)) return <Skeleton active />;
  if (batches.data.confirmed) {
    return <ConfirmedBatches list={batches.data.list} onNext={onNext} onBack={onBack} />;
  }
  return (
    <BatchEditor project={project} total={batches.data.item_count} onNext={onNext} onBack={onBack} onDirty={onDirty} />
  );
}

function ConfirmedBatches({ list, onNext, onBack }: { list: TBatchRow[]; onNext: () => void; onBack: () => void }) {
  const { t } = useTranslation('projects');
  return (
    <>
      <Alert type="info" showIcon title={t('batches_fixed')} style={{ marginBottom: 16 }} />
      <BatchTable list={list} />
      <StepFooter onBack={onBack} onNext={onNext} />
    </>
  );
}

function BatchEditor({ project, total, onNext, onBack, onDirty }: StepProps & { total: number }) {
  const { t } = useTranslation(['projects', 'common']);
  const { modal } = App.useApp();
  const [seq, setSeq] = useState(1);
  const [rows, setRows] = useState<Draft[]>([{ key: 0, name: t('batch_default_name', { n: 1 }), count: total }]);
  const [parts, setParts] = useState<number | null>(2);
  const confirm = useMutation({
    mutationFn: () =>
      confirmBatches({
        project_id: project.id,
        batches: rows.map((r) => ({ name: r.name.trim(), count: r.count ?? 0 })),
      }),
    onSuccess: () => onNext(),
    onError: () => undefined,
  });
  const change = (next: Draft[]) => {
    setRows(next);
    onDirty(true);
  };
  const sum = rows.reduce((acc, r) => acc + (r.count ?? 0), 0);
  const badName = rows.some((r) => !r.name.trim() || r.name.trim().length > SETUP_LIMITS.batchName);
  const badCount = rows.some((r) => !r.count || r.count < 1 || !Number.isInteger(r.count));
  const problem =
    total === 0
      ? t('data_needed')
      : badName
        ? t('batch_name_rule', { max: SETUP_LIMITS.batchName })
        : badCount
          ? t('batch_count_rule')
          : sum !== total
            ? t('batch_sum_mismatch', { sum, total })
            : null;

  const split = () => {
    if (!parts || parts < 1) return;
    const counts = splitEvenly(total, Math.min(parts, SETUP_LIMITS.batches));
    change(counts.map((count, i) => ({ key: seq + i, name: t('batch_default_name', { n: i + 1 }), count })));
    setSeq(seq + counts.length);
  };
  const ask = () =>
    modal.confirm({
      title: t('batch_confirm_title'),
      content: t('batch_confirm_text', { count: rows.length, total }),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      okButtonProps: { ...{ 'data-testid': 'batch-confirm-ok' } },
      onOk: () => confirm.mutateAsync().catch(() => undefined),
    });

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('batch_total', { total })}</Typography.Text>
        <span>{t('split_evenly_into')}</span>
        <InputNumber
          aria-label={t('split_evenly_into')}
          min={1}
          max={Math.max(1, Math.min(total, SETUP_LIMITS.batches))}
          precision={0}
          value={parts}
          onChange={setParts}
          style={{ width: 90 }}
          data-testid="batch-split-count"
        />
        <Button onClick={split} disabled={!parts || total === 0} data-testid="batch-split">
          {t('split_evenly')}
        </Button>
      </Space>
      <Table<Draft>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="batch-editor"
        columns={[
          { title: t('seq'), key: 'seq', width: 70, render: (_, __, i) => i + 1 },
          {
            title: t('batch_name'),
            dataIndex: 'name',
            render: (name: string, row, i) => (
              <Input
                aria-label={t('batch_name')}
                value={name}
                maxLength={SETUP_LIMITS.batchName}
                status={name.trim() ? undefined : 'error'}
                onChange={(e) => change(rows.map((r) => (r.key === row.key ? { ...r, name: e.target.value } : r)))}
                data-testid={`batch-name-${i}`}
              />
            ),
          },
          {
            title: t('item_count'),
            dataIndex: 'count',
            width: 180,
            render: (count: number | null, row, i) => (
              <InputNumber
                aria-label={t('item_count')}
                min={1}
                precision={0}
                value={count}
                status={count && count >= 1 ? undefined : 'error'}
                onChange={(value) => change(rows.map((r) => (r.key === row.key ? { ...r, count: value } : r)))}
                data-testid={`batch-count-${i}`}
              />
            ),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 90,
            render: (_, row) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={rows.length === 1}
                aria-label={t('remove')}
                onClick={() => change(rows.filter((r) => r.key !== row.key))}
              />
            ),
          },
        ]}
        footer={() => (
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Button
              icon={<PlusOutlined />}
              disabled={rows.length >= SETUP_LIMITS.batches}
              onClick={() => {
                change([...rows, { key: seq, name: t('batch_default_name', { n: rows.length + 1 }), count: null }]);
                setSeq(seq + 1);
              }}
            >
              {t('batch_add')}
            </Button>
            <Typography.Text type={sum === total ? 'success' : 'danger'} data-testid="batch-sum">
              {t('batch_sum', { sum, total })}
            </Typography.Text>
          </Space>
        )}
      />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 16 }} data-testid="batch-problem" />}
      {confirm.error && (
        <Alert
          type="error"
          showIcon
          title={confirm.error.message}
          style={{ marginTop: 16 }}
          data-testid="batch-error"
        />
      )}
      <StepFooter
        onBack={onBack}
        onNext={ask}
        loading={confirm.isPending}
        disabled={Boolean(problem)}
        nextLabel={t('batch_confirm')}
      />
    </>
  );
}
