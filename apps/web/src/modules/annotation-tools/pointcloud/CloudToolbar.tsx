import { PlusSquareOutlined } from '@ant-design/icons';
import { Button, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColorMode } from './cloud-colors.ts';
import type { CuboidLabel, CuboidTool } from './pointcloud-template.ts';

/** Add-cuboid mode, the label of the next cuboid (never a relabel: label-pick.ts) and the colour mode. */
export function CloudToolbar({
  tool,
  labels,
  current,
  adding,
  canDraw,
  colorMode,
  hasIntensity,
  onPick,
  onAdding,
  onColorMode,
}: {
  tool: CuboidTool | null;
  labels: CuboidLabel[];
  current: string;
  adding: boolean;
  canDraw: boolean;
  colorMode: ColorMode;
  hasIntensity: boolean;
  onPick: (name: string) => void;
  onAdding: (on: boolean) => void;
  onColorMode: (mode: ColorMode) => void;
}) {
  const { t } = useTranslation(['pointcloud-tool', 'annotation-tools']);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      {tool && (
        <Button
          size="small"
          type={adding ? 'primary' : 'default'}
          icon={<PlusSquareOutlined />}
          disabled={!canDraw}
          onClick={() => onAdding(!adding)}
          data-testid="pointcloud-add"
        >
          {tool.label || t('add_cuboid')}
          {tool.shortcut && <Typography.Text type="secondary">{` [${tool.shortcut}]`}</Typography.Text>}
        </Button>
      )}
      <Space wrap size={[6, 6]}>
        {labels.length > 0 && (
          <Typography.Text type="secondary">{t('annotation-tools:label_for_next')}</Typography.Text>
        )}
        {labels.map((label) => (
          <Button
            key={label.name}
            size="small"
            type={label.name === current ? 'primary' : 'default'}
            disabled={!canDraw}
            onClick={() => onPick(label.name)}
            data-testid={`pointcloud-label-${label.name}`}
            icon={
              <span
                style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: label.color }}
              />
            }
          >
            {label.name}
            {label.shortcut && <Typography.Text type="secondary">{` [${label.shortcut}]`}</Typography.Text>}
          </Button>
        ))}
      </Space>
      <Segmented<ColorMode>
        size="small"
        style={{ marginLeft: 'auto' }}
        value={colorMode}
        onChange={onColorMode}
        options={[
          { value: 'height', label: t('color_height') },
          { value: 'intensity', label: t('color_intensity'), disabled: !hasIntensity },
        ]}
        data-testid="pointcloud-color-mode"
      />
      <Typography.Text type="secondary" style={{ width: '100%', fontSize: 12 }}>
        {adding ? t('adding_hint') : t('view_hint')}
      </Typography.Text>
    </div>
  );
}
