import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { PdfPagesProps } from './PdfPagesView.tsx';
import './teaching-sources.css';

export type { PdfPagesProps, PdfProgress } from './PdfPagesView.tsx';

// pdf.js (about 400 KB of script, and its worker) loads with the first pdf shown, not with the pages that hold a viewer.
const PdfPagesView = lazy(async () => ({ default: (await import('./PdfPagesView.tsx')).PdfPagesView }));

/**
 * A pdf's pages, stacked and drawn as they come near the view (PdfPagesView): `initialPage` first, a "3 / 12" bar
 * with zoom, and `onProgress({ page, pages, share })` as the reader moves. A new `url` starts afresh.
 */
export function PdfPages(props: PdfPagesProps) {
  return (
    <Suspense
      fallback={
        <div className="pdf-loading" data-testid="pdf-loading">
          <Spin />
        </div>
      }
    >
      <PdfPagesView key={props.url} {...props} />
    </Suspense>
  );
}
