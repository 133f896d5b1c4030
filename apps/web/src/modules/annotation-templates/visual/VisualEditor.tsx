import type { TComponentType } from '@app/contracts';
import { ConfigProvider, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComponentList, dropAt } from './Canvas.tsx';
import { type Comp, findComponent, insertComponent, moveComponent, newComponent, type Place } from './doc-ops.ts';
import { Palette } from './Palette.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { VisualContext, type VisualState } from './visual-context.ts';
import './visual.css';

/**
 * The visual template editor: the registry's palette (left), the document's components as cards (centre,
 * drag and drop into the root or a layout, reorder, duplicate, delete) and the selected component's
 * properties (right). It edits the same document as the JSON editor: `onChange` answers the new component list.
 */
export function VisualEditor({
  components,
  onChange,
  selected,
  onSelect,
  problems,
  readOnly,
}: {
  components: Comp[];
  onChange: (next: Comp[]) => void;
  selected: string | null;
  onSelect: (id: string | null) => void;
  problems: Map<string, string[]>;
  readOnly: boolean;
}) {
  const { t } = useTranslation('annotation-templates');
  const [dragging, setDragging] = useState<VisualState['dragging']>(null);

  const state = useMemo((): VisualState => {
    const change: VisualState['change'] = (next) => onChange(next(components));
    const addAt = (type: TComponentType, place: Place) => {
      const created = newComponent(components, type);
      if (!created) return;
      onChange(insertComponent(components, place, created));
      onSelect(created.id);
    };
    return {
      components,
      change,
      selected,
      select: onSelect,
      problems,
      readOnly,
      dragging,
      setDragging,
      addAt,
      moveTo: (id, place) => onChange(moveComponent(components, id, place)),
    };
  }, [components, onChange, selected, onSelect, problems, readOnly, dragging]);

  /** A click in the palette appends to the selected layout, or to the end of the document. */
  function append(type: TComponentType) {
    const layout = selected === null ? undefined : findComponent(components, selected);
    if (layout?.type === 'layout') state.addAt(type, { parent: layout.id, index: layout.children.length });
    else state.addAt(type, { parent: null, index: components.length });
  }

  return (
    <VisualContext.Provider value={state}>
      <ConfigProvider componentDisabled={readOnly}>
        <div className="visual-editor" data-testid="template-visual-editor">
          {!readOnly && <Palette onAdd={append} />}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on the empty canvas clears the selection */}
          <div
            className="visual-canvas"
            onClick={() => onSelect(null)}
            onKeyDown={() => {}}
            onDragOver={(e) => !readOnly && e.preventDefault()}
            onDrop={(e) => !readOnly && dropAt(e, { parent: null, index: components.length }, state)}
            data-testid="template-canvas"
          >
            {components.length === 0 && (
              <Typography.Text type="secondary" className="visual-hint">
                {t('visual.canvas_empty')}
              </Typography.Text>
            )}
            <ComponentList items={components} parent={null} />
          </div>
          <div className="visual-properties">
            <PropertyPanel />
          </div>
        </div>
      </ConfigProvider>
    </VisualContext.Provider>
  );
}
