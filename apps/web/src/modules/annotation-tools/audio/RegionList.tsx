import {
  CaretRightOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockFilled,
  UnlockOutlined,
} from '@ant-design/icons';
import { Button, Empty, Input, Typography } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelabelSelect } from '../RelabelSelect.tsx';
import { type AudioShape, MAX_TRANSCRIPT } from './audio-shapes.ts';
import { formatClock, type ToolLabel } from './audio-template.ts';

export interface RegionRow {
  shape: AudioShape;
  /** Position in the list (sorted by start): the test ids use it. */
  index: number;
  color: string;
  hidden: boolean;
}

type Patch = Partial<Pick<AudioShape, 'label' | 'transcript' | 'hidden' | 'locked'>>;

interface RowProps {
  row: RegionRow;
  selected: boolean;
  readOnly: boolean;
  transcript: boolean;
  labels: ToolLabel[];
  onSelect: (id: string) => void;
  onPatch: (id: string, patch: Patch) => void;
  onToggleHidden: (id: string) => void;
  onDelete: (id: string) => void;
  onPlay: (id: string) => void;
}

const PAGE = 50;

const Row = memo(function Row({
  row,
  selected,
  readOnly,
  transcript,
  labels,
  onSelect,
  onPatch,
  onToggleHidden,
  onDelete,
  onPlay,
}: RowProps) {
  const { t } = useTranslation('audio-tool');
  const { shape, index } = row;
  const fixed = readOnly || !!shape.locked;
  const stop = (event: React.MouseEvent) => event.stopPropagation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row holding inputs and buttons cannot itself be a button
    <div
      role="button"
      tabIndex={-1}
      data-testid={`audio-region-${index}`}
      data-selected={selected}
      onClick={() => onSelect(shape.id)}
      onKeyDown={() => {}}
      style={{
        padding: '4px 6px',
        borderRadius: 4,
        borderLeft: `4px solid ${row.color}`,
        background: selected ? 'rgba(22,119,255,0.10)' : undefined,
        opacity: row.hidden ? 0.5 : 1,
        cursor: 'pointer',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}>
        <Typography.Text strong>{index + 1}.</Typography.Text>
        <RelabelSelect
          value={shape.label}
          labels={labels}
          disabled={fixed}
          onRelabel={(label) => onPatch(shape.id, { label })}
          testId={`audio-region-label-${index}`}
          style={{ minWidth: 110 }}
        />
        <Typography.Text type="secondary" data-testid={`audio-region-time-${index}`}>
          {formatClock(shape.start)} – {formatClock(shape.end)}
        </Typography.Text>
        <span style={{ flex: 1 }} />
        <Button
          size="small"
          type="text"
          icon={<CaretRightOutlined />}
          aria-label={t('play_region')}
          title={t('play_region')}
          data-testid={`audio-region-play-${index}`}
          onClick={(e) => {
            stop(e);
            onPlay(shape.id);
          }}
        />
        <Button
          size="small"
          type="text"
          icon={row.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          aria-label={row.hidden ? t('show') : t('hide')}
          title={row.hidden ? t('show') : t('hide')}
          data-testid={`audio-region-hide-${index}`}
          onClick={(e) => {
            stop(e);
            onToggleHidden(shape.id);
          }}
        />
        <Button
          size="small"
          type="text"
          disabled={readOnly}
          icon={shape.locked ? <LockFilled /> : <UnlockOutlined />}
          aria-label={shape.locked ? t('unlock') : t('lock')}
          title={shape.locked ? t('unlock') : t('lock')}
          data-testid={`audio-region-lock-${index}`}
          onClick={(e) => {
            stop(e);
            onPatch(shape.id, { locked: !shape.locked });
          }}
        />
        {!readOnly && (
          <Button
            size="small"
            type="text"
            danger
            disabled={!!shape.locked}
            icon={<DeleteOutlined />}
            aria-label={t('delete')}
            title={t('delete')}
            data-testid={`audio-region-delete-${index}`}
            onClick={(e) => {
              stop(e);
              onDelete(shape.id);
            }}
          />
        )}
      </div>
      {transcript &&
        (fixed ? (
          <Typography.Paragraph
            style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}
            type={shape.transcript ? undefined : 'secondary'}
            data-testid={`audio-region-transcript-${index}`}
          >
            {shape.transcript || t('no_transcript')}
          </Typography.Paragraph>
        ) : (
          <Input.TextArea
            style={{ marginTop: 4 }}
            autoSize={{ minRows: 1, maxRows: 6 }}
            maxLength={MAX_TRANSCRIPT}
            value={shape.transcript ?? ''}
            placeholder={t('transcript_placeholder')}
            aria-label={t('transcript')}
            onClick={stop}
            onFocus={() => onSelect(shape.id)}
            onChange={(e) => onPatch(shape.id, { transcript: e.target.value })}
            data-testid={`audio-region-transcript-${index}`}
          />
        ))}
    </div>
  );
});

/**
 * The regions in time order: each row selects its region, edits its label and transcript, plays it, hides, locks
 * or deletes it (undo brings it back). Long lists show a page at a time, following the selection.
 */
export const RegionList = memo(function RegionList({
  rows,
  selectedId,
  readOnly,
  transcript,
  labels,
  onSelect,
  onPatch,
  onToggleHidden,
  onDelete,
  onPlay,
}: Omit<RowProps, 'row' | 'selected'> & {
  rows: RegionRow[];
  selectedId: string | null;
}) {
  const { t } = useTranslation('audio-tool');
  const [page, setPage] = useState(1);
  const selectedAt = rows.findIndex((row) => row.shape.id === selectedId);
  useEffect(() => {
    if (selectedAt >= 0) setPage(Math.floor(selectedAt / PAGE) + 1);
  }, [selectedAt]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const shown = Math.min(page, pages);
  return (
    <div data-testid="audio-region-list">
      <Typography.Text strong>{t('regions', { count: rows.length })}</Typography.Text>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(readOnly ? 'regions_none' : 'regions_empty')} />
      ) : (
        <div
          style={{ display: 'flex', flexDirection: 'column', gap: 4, marginTop: 4, maxHeight: 420, overflowY: 'auto' }}
        >
          {rows.slice((shown - 1) * PAGE, shown * PAGE).map((row) => (
            <Row
              key={row.shape.id}
              row={row}
              selected={row.shape.id === selectedId}
              readOnly={readOnly}
              transcript={transcript}
              labels={labels}
              onSelect={onSelect}
              onPatch={onPatch}
              onToggleHidden={onToggleHidden}
              onDelete={onDelete}
              onPlay={onPlay}
            />
          ))}
        </div>
      )}
      {pages > 1 && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 4 }}>
          <Button size="small" disabled={shown <= 1} onClick={() => setPage(shown - 1)}>
            {t('page_previous')}
          </Button>
          <Typography.Text type="secondary">{t('page_of', { page: shown, pages })}</Typography.Text>
          <Button size="small" disabled={shown >= pages} onClick={() => setPage(shown + 1)}>
            {t('page_next')}
          </Button>
        </div>
      )}
    </div>
  );
});
