import { Alert, Empty, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaToolProps } from '../tool-props.ts';
import { CloudWorkspace } from './CloudWorkspace.tsx';
import { cuboidLabels, cuboidToolOf } from './pointcloud-template.ts';
import { useCloud } from './use-cloud.ts';

/**
 * The point cloud tool: the item's `.pcd` or KITTI `.bin` file, loaded and parsed in a Web Worker, shown in an
 * orbit view with top, side and front views of the selected cuboid; cuboids are drawn, moved, resized, turned and
 * labelled, and every finished change goes to `onChange` (the frame keeps undo / redo and drafts).
 */
export function PointCloudAnnotator({ template, item, value, onChange, readOnly, panel }: MediaToolProps) {
  const { t } = useTranslation('pointcloud-tool');
  const tool = useMemo(() => cuboidToolOf(template), [template]);
  const labels = useMemo(() => cuboidLabels(template, tool), [template, tool]);
  const state = useCloud(item.url, item.name);
  let body: React.ReactNode;
  if (state.status === 'loading') body = <Spin tip={t('loading')} data-testid="pointcloud-loading" />;
  else if (state.status === 'failed')
    body = (
      <Alert
        type="error"
        showIcon
        title={t(`error_${state.error}`, { defaultValue: t('error_network') })}
        description={state.detail || undefined}
        data-testid="pointcloud-error"
      />
    );
  else if (state.cloud.count === 0) body = <Empty description={t('empty_cloud')} />;
  else
    body = (
      <CloudWorkspace
        cloud={state.cloud}
        tool={tool}
        labels={labels}
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        panel={panel}
      />
    );
  return (
    <div
      data-testid="pointcloud-annotator"
      style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <Typography.Text type="secondary">
        #{item.seq} {item.name}
        {state.status === 'ready' && ` · ${t('point_count', { count: state.cloud.count })}`}
      </Typography.Text>
      <div style={{ marginTop: 8, display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}>
        {body}
      </div>
    </div>
  );
}
