import { DragOutlined, ExpandOutlined, SelectOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import enTools from '@app/i18n/locales/en-US/annotation-tools.json';
import zhTools from '@app/i18n/locales/zh-CN/annotation-tools.json';
import { Button, Space, Typography } from 'antd';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Viewport } from './image/viewport.ts';

const TYPE_TITLES = [zhTools, enTools] as Record<string, string>[];

/**
 * A drawing tool's button text: a template label that is only its type's default title in some language
 * ("矩形框", "Rectangle") is shown in the caller's language; a label the template's author chose is theirs.
 */
function toolTitle(tool: CanvasTool, t: (key: string) => string): { text: string; own: boolean } {
  const typeKey = `c_${tool.type}`;
  if (!tool.label || TYPE_TITLES.some((titles) => titles[typeKey] === tool.label)) {
    return { text: t(`annotation-tools:${typeKey}`), own: false };
  }
  return { text: tool.label, own: true };
}

/** A drawing tool of the template: its component id and type, the label it shows and its shortcut key. */
interface CanvasTool {
  id: string;
  type: string;
  label?: string;
  shortcut?: string;
}

/**
 * The bar of the image and video tools: select, hand, the template's drawing tools (label or type title, shortcut;
 * `drawHint` as their tooltip when given) and the zoom controls. Texts come from the tool's namespace (`select`,
 * `select_hint`, `hand`, `hand_hint`, `zoom_out`, `zoom_in`, `fit`); test ids start with `testIdPrefix`
 * (`tool-select`, `tool-<component id>`); the zoom level and fit button take `zoomTestIds`.
 */
export function CanvasToolBar(props: {
  namespace: 'image-tool' | 'video-tool';
  testIdPrefix: string;
  drawHint?: string;
  zoomTestIds: { level: string; fit: string };
  tools: CanvasTool[];
  mode: string;
  readOnly: boolean;
  onMode: (mode: string) => void;
  viewport: Viewport;
  zoomRef: RefObject<HTMLSpanElement | null>;
}) {
  const { t } = useTranslation([props.namespace, 'annotation-tools']);
  const { tools, mode, readOnly, onMode, viewport, testIdPrefix: prefix } = props;
  const testId = (name: string) => `${prefix}${name}`;
  return (
    <Space wrap size={[8, 8]} style={{ marginBottom: 8 }}>
      <Space.Compact>
        <Button
          title={t('select_hint')}
          icon={<SelectOutlined />}
          type={mode === 'select' ? 'primary' : 'default'}
          onClick={() => onMode('select')}
          data-testid={testId('select')}
        >
          {t('select')}
        </Button>
        <Button
          title={t('hand_hint')}
          icon={<DragOutlined />}
          type={mode === 'hand' ? 'primary' : 'default'}
          onClick={() => onMode('hand')}
          data-testid={testId('hand')}
          aria-label={t('hand')}
        />
      </Space.Compact>
      {!readOnly && tools.length > 0 && (
        <Space.Compact>
          {tools.map((tool) => (
            <Button
              key={tool.id}
              type={mode === tool.id ? 'primary' : 'default'}
              onClick={() => onMode(tool.id)}
              title={props.drawHint}
              data-testid={testId(tool.id)}
            >
              <span data-user-content={toolTitle(tool, t).own || undefined}>{toolTitle(tool, t).text}</span>
              {tool.shortcut && (
                <Typography.Text type="secondary" style={{ fontSize: 11, color: 'inherit', opacity: 0.7 }}>
                  {tool.shortcut.toUpperCase()}
                </Typography.Text>
              )}
            </Button>
          ))}
        </Space.Compact>
      )}
      <Space.Compact>
        <Button icon={<ZoomOutOutlined />} onClick={() => viewport.zoomAt(1 / 1.25)} aria-label={t('zoom_out')} />
        <Button style={{ minWidth: 64, pointerEvents: 'none' }}>
          <span ref={props.zoomRef} data-testid={props.zoomTestIds.level}>
            100%
          </span>
        </Button>
        <Button icon={<ZoomInOutlined />} onClick={() => viewport.zoomAt(1.25)} aria-label={t('zoom_in')} />
        <Button
          title={t('fit')}
          icon={<ExpandOutlined />}
          onClick={() => viewport.fit()}
          data-testid={props.zoomTestIds.fit}
          aria-label={t('fit')}
        />
      </Space.Compact>
    </Space>
  );
}
