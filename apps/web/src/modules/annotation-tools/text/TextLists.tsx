import { DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelabelSelect } from '../RelabelSelect.tsx';

export interface EntityRowData {
  index: number;
  id: string;
  label: string;
  color: string;
  text: string;
  start: number;
  end: number;
}

export interface RelationRowData {
  index: number;
  label: string;
  from: string;
  to: string;
}

const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max)}…` : text);
const listStyle = { maxHeight: 240, overflowY: 'auto' as const, marginTop: 4 };
const rowStyle = { display: 'flex', alignItems: 'center', gap: 8, padding: '2px 4px', borderRadius: 4 };

const PAGE = 50;

/** A label name in its colour (a light chip; antd's Tag would pull more into the shared chunks). */
function LabelChip({ color, children }: { color: string; children: React.ReactNode }) {
  return (
    <span
      style={{
        padding: '0 6px',
        borderRadius: 4,
        border: `1px solid ${color}`,
        background: `${color}1a`,
        color,
        fontSize: 12,
        lineHeight: '20px',
        whiteSpace: 'nowrap',
        margin: '0 4px',
      }}
    >
      {children}
    </span>
  );
}

/** Long lists show a page at a time (thousands of rows would slow every change down). */
function Pager({ total, page, onPage }: { total: number; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('text-tool');
  const pages = Math.ceil(total / PAGE);
  if (pages <= 1) return null;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 4 }}>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('page_previous')}
      </Button>
      <Typography.Text type="secondary">{t('page_of', { page, pages })}</Typography.Text>
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('page_next')}
      </Button>
    </div>
  );
}

interface EntityRowProps {
  row: EntityRowData;
  labels: readonly { name: string; color: string }[];
  selected: boolean;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onRelabel: (id: string, label: string) => void;
  onDelete: (id: string) => void;
}

const EntityRow = memo(function EntityRow({
  row,
  labels,
  selected,
  readOnly,
  onSelect,
  onRelabel,
  onDelete,
}: EntityRowProps) {
  const { t } = useTranslation('text-tool');
  return (
    <div
      style={{ ...rowStyle, background: selected ? 'rgba(22,119,255,0.12)' : undefined }}
      data-testid={`entity-row-${row.index}`}
    >
      {readOnly ? (
        <LabelChip color={row.color}>{row.label || t('no_label')}</LabelChip>
      ) : (
        <RelabelSelect
          value={row.label || undefined}
          labels={labels}
          disabled={false}
          onRelabel={(label) => onRelabel(row.id, label)}
          testId={`entity-label-${row.index}`}
          style={{ flex: 'none', maxWidth: 110 }}
        />
      )}
      <Typography.Link onClick={() => onSelect(row.id)} style={{ flex: 1, minWidth: 0 }}>
        {clip(row.text)}
      </Typography.Link>
      <Typography.Text type="secondary">
        {row.start}–{row.end}
      </Typography.Text>
      {!readOnly && (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('delete')}
          onClick={() => onDelete(row.id)}
          data-testid={`entity-delete-${row.index}`}
        />
      )}
    </div>
  );
});

/**
 * The tool's entities in creation order; a row selects its entity, changes its label, the bin removes it (undo
 * brings it back).
 */
export const EntityList = memo(function EntityList({
  rows,
  selectedId,
  ...rowProps
}: Omit<EntityRowProps, 'row' | 'selected'> & { rows: EntityRowData[]; selectedId: string | null }) {
  const { t } = useTranslation('text-tool');
  const [page, setPage] = useState(1);
  const selectedAt = rows.findIndex((row) => row.id === selectedId);
  // Show the page of the entity selected in the text.
  useEffect(() => {
    if (selectedAt >= 0) setPage(Math.floor(selectedAt / PAGE) + 1);
  }, [selectedAt]);
  const last = Math.max(1, Math.ceil(rows.length / PAGE));
  const shown = Math.min(page, last);
  return (
    <div data-testid="entity-list">
      <Typography.Text strong>{t('entities', { count: rows.length })}</Typography.Text>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('entities_empty')} />
      ) : (
        <div style={listStyle}>
          {rows.slice((shown - 1) * PAGE, shown * PAGE).map((row) => (
            <EntityRow key={row.id} row={row} selected={row.id === selectedId} {...rowProps} />
          ))}
        </div>
      )}
      <Pager total={rows.length} page={shown} onPage={setPage} />
    </div>
  );
});

/** Relations as "from → label → to"; each can be removed. */
export const RelationList = memo(function RelationList({
  rows,
  readOnly,
  onDelete,
}: {
  rows: RelationRowData[];
  readOnly: boolean;
  onDelete: (index: number) => void;
}) {
  const { t } = useTranslation('text-tool');
  const [page, setPage] = useState(1);
  const shown = Math.min(page, Math.max(1, Math.ceil(rows.length / PAGE)));
  return (
    <div data-testid="relation-list" style={{ marginTop: 12 }}>
      <Typography.Text strong>{t('relations', { count: rows.length })}</Typography.Text>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('relations_empty')} />
      ) : (
        <div style={listStyle}>
          {rows.slice((shown - 1) * PAGE, shown * PAGE).map((row) => (
            <div key={`${row.index}`} style={rowStyle} data-testid={`relation-row-${row.index}`}>
              <span style={{ flex: 1, minWidth: 0 }}>
                {clip(row.from, 30)} <LabelChip color="#8c8c8c">{row.label || t('no_label')}</LabelChip>→{' '}
                {clip(row.to, 30)}
              </span>
              {!readOnly && (
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('delete')}
                  onClick={() => onDelete(row.index)}
                  data-testid={`relation-delete-${row.index}`}
                />
              )}
            </div>
          ))}
        </div>
      )}
      <Pager total={rows.length} page={shown} onPage={setPage} />
    </div>
  );
});
