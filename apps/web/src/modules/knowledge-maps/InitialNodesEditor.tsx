import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { KNOWLEDGE_LIMITS } from '@app/contracts/procedures/knowledge-maps.ts';
import { Button, Empty, Input, Rate, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type InitialNodeRow, maxLevel, type RowProblem, removeRow, shiftRow } from './initial-node-rows.ts';

let nextKey = 1;
export const newRow = (level = 0): InitialNodeRow => ({ key: nextKey++, level, code: '', name: '', importance: 3 });

/**
 * The initial nodes of a new map as an indented list: each row is a node, its indentation makes it a child of the
 * nearest row above at one level less. Rows can be indented, outdented, inserted below and removed.
 */
export function InitialNodesEditor({
  rows,
  onChange,
  problems,
}: {
  rows: InitialNodeRow[];
  onChange: (rows: InitialNodeRow[]) => void;
  problems: Map<number, RowProblem | 'server'>;
}) {
  const { t } = useTranslation('knowledge-maps');
  const update = (index: number, patch: Partial<InitialNodeRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const insertBelow = (index: number) => {
    const level = index < 0 ? 0 : rows[index]!.level;
    onChange([...rows.slice(0, index + 1), newRow(level), ...rows.slice(index + 1)]);
  };
  const full = rows.length >= KNOWLEDGE_LIMITS.initialNodes;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="initial-nodes">
      <Typography.Text type="secondary">{t('initial_help')}</Typography.Text>
      {rows.length === 0 && <Empty description={t('initial_empty')} />}
      {rows.map((row, index) => {
        const problem = problems.get(row.key);
        return (
          <div key={row.key} style={{ paddingInlineStart: row.level * 28 }} data-testid={`initial-row-${index}`}>
            <Space wrap align="start">
              <Input
                value={row.code}
                onChange={(e) => update(index, { code: e.target.value })}
                placeholder={t('code')}
                maxLength={KNOWLEDGE_LIMITS.code}
                status={problem && problem !== 'name_required' ? 'error' : undefined}
                style={{ width: 140 }}
                aria-label={t('code')}
                data-testid={`initial-code-${index}`}
              />
              <Input
                value={row.name}
                onChange={(e) => update(index, { name: e.target.value })}
                placeholder={t('node_name')}
                maxLength={KNOWLEDGE_LIMITS.nodeName}
                status={problem === 'name_required' ? 'error' : undefined}
                style={{ width: 240 }}
                aria-label={t('node_name')}
                data-testid={`initial-name-${index}`}
              />
              <Tooltip title={t('importance')}>
                <Rate
                  count={5}
                  allowClear={false}
                  value={row.importance}
                  onChange={(importance) => update(index, { importance })}
                  style={{ fontSize: 14 }}
                />
              </Tooltip>
              <Space.Compact>
                <Tooltip title={t('initial_outdent')}>
                  <Button
                    icon={<ArrowLeftOutlined />}
                    disabled={row.level === 0}
                    onClick={() => onChange(shiftRow(rows, index, -1))}
                    aria-label={t('initial_outdent')}
                  />
                </Tooltip>
                <Tooltip title={t('initial_indent')}>
                  <Button
                    icon={<ArrowRightOutlined />}
                    disabled={row.level >= maxLevel(rows, index)}
                    onClick={() => onChange(shiftRow(rows, index, 1))}
                    aria-label={t('initial_indent')}
                    data-testid={`initial-indent-${index}`}
                  />
                </Tooltip>
                <Tooltip title={t('initial_insert')}>
                  <Button
                    icon={<PlusOutlined />}
                    disabled={full}
                    onClick={() => insertBelow(index)}
                    aria-label={t('initial_insert')}
                  />
                </Tooltip>
                <Tooltip title={t('delete')}>
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => onChange(removeRow(rows, index))}
                    aria-label={t('delete')}
                  />
                </Tooltip>
              </Space.Compact>
            </Space>
            {problem && (
              <div>
                <Typography.Text type="danger">{t(`row_${problem}`)}</Typography.Text>
              </div>
            )}
          </div>
        );
      })}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={full}
        onClick={() => onChange([...rows, newRow(0)])}
        data-testid="initial-add"
      >
        {t('initial_add')}
      </Button>
    </Space>
  );
}
