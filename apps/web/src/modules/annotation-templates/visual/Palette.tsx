import type { TComponentType } from '@app/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPONENTS, type ComponentGroup } from '../../annotation-tools/index.ts';
import { DRAG_NEW, useVisual } from './visual-context.ts';

const GROUPS: ComponentGroup[] = ['media', 'form', 'labels', 'tool', 'other'];

/** The registry's components by group: drag one onto the canvas, or click it to append it. */
export function Palette({ onAdd }: { onAdd: (type: TComponentType) => void }) {
  const { t } = useTranslation(['annotation-templates', 'annotation-tools']);
  const { setDragging } = useVisual();
  return (
    <div className="visual-palette" data-testid="template-palette">
      <Typography.Text type="secondary" className="visual-hint">
        {t('visual.palette_hint')}
      </Typography.Text>
      {GROUPS.map((group) => (
        <div key={group}>
          <div className="visual-palette-group">{t(`annotation-tools:group_${group}`)}</div>
          {COMPONENTS.filter((spec) => spec.group === group).map((spec) => (
            <button
              type="button"
              key={spec.type}
              className="visual-palette-item"
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(DRAG_NEW, spec.type);
                e.dataTransfer.effectAllowed = 'copy';
                setDragging({ kind: 'new', value: spec.type });
              }}
              onDragEnd={() => setDragging(null)}
              onClick={() => onAdd(spec.type)}
              data-testid={`palette-${spec.type}`}
            >
              {t(`annotation-tools:${spec.titleKey}`)}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
