import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import type { TComponentType } from '@app/contracts';
import { Badge, Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentSpec } from '../../annotation-tools/index.ts';
import { CardSummary } from './card-summary.tsx';
import { type Comp, duplicateComponent, type Place, removeComponent } from './doc-ops.ts';
import { DRAG_MOVE, DRAG_NEW, useVisual, type VisualState } from './visual-context.ts';

const accepts = (e: React.DragEvent, readOnly: boolean) =>
  !readOnly && (e.dataTransfer.types.includes(DRAG_NEW) || e.dataTransfer.types.includes(DRAG_MOVE));

/** Places what is dropped: a new component of the palette or a moved one. */
export function dropAt(
  e: React.DragEvent,
  place: Place,
  { addAt, moveTo, setDragging }: Pick<VisualState, 'addAt' | 'moveTo' | 'setDragging'>,
) {
  e.preventDefault();
  e.stopPropagation();
  const created = e.dataTransfer.getData(DRAG_NEW);
  const moved = e.dataTransfer.getData(DRAG_MOVE);
  if (created) addAt(created as TComponentType, place);
  else if (moved) moveTo(moved, place);
  setDragging(null);
}

/** A gap between components where a dragged one lands (`parent` null: the root list). */
function DropSlot({
  parent,
  index,
  row,
  fill,
}: {
  parent: string | null;
  index: number;
  row?: boolean;
  fill?: boolean;
}) {
  const { dragging, addAt, moveTo, setDragging, readOnly } = useVisual();
  const [over, setOver] = useState(false);
  const shape = row ? 'visual-slot-row' : 'visual-slot';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target only; the arrow buttons reorder by keyboard
    <div
      className={`${dragging ? shape : `${shape}-idle`}${over ? ' visual-slot-over' : ''}${fill ? ' visual-slot-fill' : ''}`}
      onDragOver={(e) => {
        if (!accepts(e, readOnly)) return;
        e.preventDefault();
        e.stopPropagation();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!accepts(e, readOnly)) return;
        setOver(false);
        dropAt(e, { parent, index }, { addAt, moveTo, setDragging });
      }}
      data-testid={`canvas-slot-${parent ?? 'root'}-${index}`}
    />
  );
}

/** A list of components (the root or a layout's children) with drop gaps around them. */
export function ComponentList({ items, parent, row }: { items: Comp[]; parent: string | null; row?: boolean }) {
  return (
    <div className={row ? 'visual-list visual-list-row-dir' : 'visual-list'}>
      {items.map((c, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: ids may repeat while being edited; the place keeps keys unique
        <div key={`${index}-${c.id}`} className="visual-list-item">
          <DropSlot parent={parent} index={index} row={row} />
          <CanvasCard c={c} index={index} count={items.length} parent={parent} row={row} />
        </div>
      ))}
      <DropSlot parent={parent} index={items.length} row={row} fill={items.length === 0} />
    </div>
  );
}

/** One component on the canvas: title, id, summary, actions; a layout shows its children inside. */
function CanvasCard({
  c,
  index,
  count,
  parent,
  row,
}: {
  c: Comp;
  index: number;
  count: number;
  parent: string | null;
  row?: boolean;
}) {
  const { t } = useTranslation(['annotation-templates', 'annotation-tools']);
  const visual = useVisual();
  const { components, selected, select, change, problems, readOnly, setDragging, moveTo } = visual;
  const spec = componentSpec(c.type);
  const own = problems.get(c.id) ?? [];
  const stop = (e: React.SyntheticEvent) => e.stopPropagation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holding buttons and nested cards cannot be a button
    <div
      role="button"
      tabIndex={0}
      className={`visual-card${selected === c.id ? ' visual-card-selected' : ''}${own.length ? ' visual-card-problem' : ''}`}
      draggable={!readOnly}
      onDragStart={(e) => {
        e.stopPropagation();
        e.dataTransfer.setData(DRAG_MOVE, c.id);
        e.dataTransfer.effectAllowed = 'move';
        setDragging({ kind: 'move', value: c.id });
      }}
      onDragEnd={() => setDragging(null)}
      onDragOver={(e) => {
        if (!accepts(e, readOnly)) return;
        e.preventDefault();
        e.stopPropagation();
      }}
      onDrop={(e) => {
        if (!accepts(e, readOnly)) return;
        // Dropped on the card itself: before or after it, by the half it was dropped on.
        const box = e.currentTarget.getBoundingClientRect();
        const after = row ? e.clientX > box.left + box.width / 2 : e.clientY > box.top + box.height / 2;
        dropAt(e, { parent, index: after ? index + 1 : index }, visual);
      }}
      onClick={(e) => {
        e.stopPropagation();
        select(c.id);
      }}
      onKeyDown={(e) => {
        if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) select(c.id);
      }}
      data-testid={`canvas-component-${c.id}`}
    >
      <div className="visual-card-head">
        <Space size={6}>
          {!readOnly && <HolderOutlined className="visual-grab" />}
          <Typography.Text strong>{spec ? t(`annotation-tools:${spec.titleKey}`) : c.type}</Typography.Text>
          <Typography.Text code>{c.id}</Typography.Text>
          {own.length > 0 && (
            <Tooltip title={own.join('\n')}>
              <Badge count={own.length} data-testid={`canvas-problems-${c.id}`} />
            </Tooltip>
          )}
        </Space>
        {!readOnly && (
          // biome-ignore lint/a11y/noStaticElementInteractions: only keeps clicks on the actions from selecting the card
          <span onClick={stop} onKeyDown={stop}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              aria-label={t('visual.move_up')}
              onClick={() => moveTo(c.id, { parent, index: index - 1 })}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={index === count - 1}
              aria-label={t('visual.move_down')}
              onClick={() => moveTo(c.id, { parent, index: index + 2 })}
            />
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label={t('visual.duplicate')}
              onClick={() => {
                const result = duplicateComponent(components, c.id);
                change(() => result.list);
                if (result.id) select(result.id);
              }}
              data-testid={`canvas-duplicate-${c.id}`}
            />
            <Popconfirm
              title={t('visual.delete_confirm', { id: c.id })}
              okButtonProps={{ danger: true }}
              onConfirm={() => {
                change((list) => removeComponent(list, c.id));
                if (selected === c.id) select(null);
              }}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('visual.delete')}
                data-testid={`canvas-delete-${c.id}`}
              />
            </Popconfirm>
          </span>
        )}
      </div>
      <CardSummary c={c} />
      {own.length > 0 && (
        <ul className="visual-problem-list visual-card-problems">
          {own.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {c.type === 'layout' && Array.isArray(c.children) && (
        <div className="visual-layout-children">
          {c.children.length === 0 && !readOnly && (
            <Typography.Text type="secondary">{t('visual.layout_drop_hint')}</Typography.Text>
          )}
          <ComponentList items={c.children} parent={c.id} row={c.direction !== 'column'} />
        </div>
      )}
    </div>
  );
}
