import { DragOutlined, ExpandOutlined, SelectOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Viewport } from '../image/viewport.ts';
import type { TrackTool } from './video-template.ts';

/** The video annotator's bar: select, hand, the template's track tools (label, shortcut) and the zoom controls. */
export function VideoToolBar(props: {
  tools: TrackTool[];
  mode: string;
  readOnly: boolean;
  onMode: (mode: string) => void;
  viewport: Viewport;
  zoomRef: RefObject<HTMLSpanElement | null>;
}) {
  const { t } = useTranslation(['video-tool', 'annotation-tools']);
  const { tools, mode, readOnly, onMode, viewport } = props;
  return (
    <Space wrap size={[8, 8]} style={{ marginBottom: 8 }}>
      <Space.Compact>
        <Button
          icon={<SelectOutlined />}
          type={mode === 'select' ? 'primary' : 'default'}
          onClick={() => onMode('select')}
          title={t('select_hint')}
          data-testid="video-tool-select"
        >
          {t('select')}
        </Button>
        <Button
          icon={<DragOutlined />}
          type={mode === 'hand' ? 'primary' : 'default'}
          onClick={() => onMode('hand')}
          title={t('hand')}
          aria-label={t('hand')}
          data-testid="video-tool-hand"
        />
      </Space.Compact>
      {!readOnly && tools.length > 0 && (
        <Space.Compact>
          {tools.map((tool) => (
            <Button
              key={tool.id}
              type={mode === tool.id ? 'primary' : 'default'}
              onClick={() => onMode(tool.id)}
              title={t('draw_hint')}
              data-testid={`video-tool-${tool.id}`}
            >
              {tool.label || t('annotation-tools:c_video_track')}
              {tool.shortcut && <span style={{ opacity: 0.7 }}>{tool.shortcut.toUpperCase()}</span>}
            </Button>
          ))}
        </Space.Compact>
      )}
      <Space.Compact>
        <Button icon={<ZoomOutOutlined />} onClick={() => viewport.zoomAt(1 / 1.25)} aria-label={t('zoom_out')} />
        <Button style={{ minWidth: 64, pointerEvents: 'none' }}>
          <span ref={props.zoomRef}>100%</span>
        </Button>
        <Button icon={<ZoomInOutlined />} onClick={() => viewport.zoomAt(1.25)} aria-label={t('zoom_in')} />
        <Button icon={<ExpandOutlined />} onClick={() => viewport.fit()} aria-label={t('fit')} title={t('fit')} />
      </Space.Compact>
    </Space>
  );
}
