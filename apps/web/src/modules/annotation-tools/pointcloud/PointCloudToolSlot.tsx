import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { MediaToolProps } from '../tool-props.ts';

export { hasPointCloudTool } from './pointcloud-template.ts';

/** The point cloud tool (and three.js) in its own chunk: the job frame loads it only for point cloud templates. */
const PointCloudAnnotator = lazy(() =>
  import('./PointCloudAnnotator.tsx').then((m) => ({ default: m.PointCloudAnnotator })),
);

export function LazyPointCloudAnnotator(props: MediaToolProps) {
  return (
    <Suspense fallback={<Spin />}>
      <PointCloudAnnotator {...props} />
    </Suspense>
  );
}
