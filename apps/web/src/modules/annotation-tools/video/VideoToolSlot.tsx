import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { MediaToolProps } from '../tool-props.ts';

export { hasVideoTool } from './video-template.ts';

/** The video tool (and konva) in its own chunk: the job frame loads it only for templates with a video_track tool. */
const VideoAnnotator = lazy(() => import('./VideoAnnotator.tsx'));

export function LazyVideoAnnotator(props: MediaToolProps) {
  return (
    <Suspense fallback={<Spin />}>
      <VideoAnnotator {...props} />
    </Suspense>
  );
}
