import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { MediaToolProps } from '../tool-props.ts';

/** The image annotator and konva load only for jobs that draw on an image. */
const ImageAnnotator = lazy(() => import('./ImageAnnotator.tsx'));

export function LazyImageAnnotator(props: MediaToolProps) {
  return (
    <Suspense fallback={<Spin />}>
      <ImageAnnotator {...props} />
    </Suspense>
  );
}
