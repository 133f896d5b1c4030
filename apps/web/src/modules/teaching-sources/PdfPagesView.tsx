import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Spin, Tooltip, Typography } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPage } from './PdfPage.tsx';
import { openPdf } from './pdf-document.ts';
import './teaching-sources.css';

export interface PdfProgress {
  /** The page most in view (1-based). */
  page: number;
  pages: number;
  /** The highest page seen / pages: 1 once the last page has been seen. */
  share: number;
}

export interface PdfPagesProps {
  /** The pdf's address on this origin (the session cookie goes with it). */
  url: string;
  /** The page shown first (1-based; 1 by default). */
  initialPage?: number;
  onProgress?: (progress: PdfProgress) => void;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

/** The nearest ancestor that scrolls vertically (the observers' root), or null for the window. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return node;
  }
  return null;
}

type Loaded = { doc: PDFDocumentProxy; ratio: number } | { error: unknown } | null;

function usePdfDocument(url: string, attempt: number): Loaded {
  const [loaded, setLoaded] = useState<Loaded>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) opens the document again
  useEffect(() => {
    let live = true;
    setLoaded(null);
    const task = openPdf(url);
    task.promise
      .then(async (doc) => {
        const first = (await doc.getPage(1)).getViewport({ scale: 1 });
        if (live) setLoaded({ doc, ratio: first.height / first.width });
      })
      .catch((error: unknown) => live && setLoaded({ error }));
    return () => {
      live = false;
      void task.destroy();
    };
  }, [url, attempt]);
  return loaded;
}

function errorKey(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return 'pdf_password';
  if (name === 'InvalidPDFException') return 'pdf_invalid';
  return 'pdf_load_failed';
}

/**
 * A pdf as pages stacked top to bottom, each drawn when near the view (PdfPage), as wide as the box at 100 % (a phone
 * included) and zoomed in steps; the page in view shows as "3 / 12" in a bar that stays on top. It scrolls with the
 * nearest scrolling ancestor (or the window), starts at `initialPage`, and reports the page most in view and the
 * share read so far on each change.
 */
export function PdfPagesView({ url, initialPage = 1, onProgress }: PdfPagesProps) {
  const { t } = useTranslation(['teaching-sources', 'common']);
  const [attempt, setAttempt] = useState(0);
  const loaded = usePdfDocument(url, attempt);
  const doc = loaded && 'doc' in loaded ? loaded.doc : null;
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const elements = useRef(new Map<number, HTMLDivElement>());
  const [boxWidth, setBoxWidth] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [ratios, setRatios] = useState<Record<number, number>>({});
  const [near, setNear] = useState<ReadonlySet<number>>(new Set());
  const [page, setPage] = useState(1);
  const [seen, setSeen] = useState(0);
  const pages = doc?.numPages ?? 0;
  const width = boxWidth > 0 ? Math.max(120, Math.floor(boxWidth * zoom)) : 0;

  const register = useCallback((number: number, element: HTMLDivElement | null) => {
    if (element) elements.current.set(number, element);
    else elements.current.delete(number);
  }, []);
  const onRatio = useCallback(
    (number: number, ratio: number) =>
      setRatios((before) => (before[number] === ratio ? before : { ...before, [number]: ratio })),
    [],
  );

  useEffect(() => {
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => entry && setBoxWidth(Math.floor(entry.contentRect.width)));
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);

  // Which pages are near the view (drawn) and which is most in view; a page counts as seen once half of it (or half
  // of the view, for a page taller than the view) has been shown.
  useEffect(() => {
    if (!doc || !box) return;
    const root = scrollParent(box);
    const shown = new Map<number, number>();
    const pageOf = (entry: IntersectionObserverEntry) => Number((entry.target as HTMLElement).dataset.page);
    const viewing = new IntersectionObserver(
      (entries) => {
        let highest = 0;
        for (const entry of entries) {
          const number = pageOf(entry);
          const height = entry.isIntersecting ? entry.intersectionRect.height : 0;
          shown.set(number, height);
          const view = entry.rootBounds?.height ?? window.innerHeight;
          if (height > 0 && height >= 0.5 * Math.min(entry.boundingClientRect.height, view))
            highest = Math.max(highest, number);
        }
        let best = 0;
        let bestHeight = 0;
        for (const [number, height] of shown)
          if (height > bestHeight || (height === bestHeight && height > 0 && number < best)) {
            best = number;
            bestHeight = height;
          }
        if (best) setPage(best);
        if (highest) setSeen((before) => Math.max(before, highest));
      },
      { root, threshold: THRESHOLDS },
    );
    const nearing = new IntersectionObserver(
      (entries) =>
        setNear((before) => {
          const next = new Set(before);
          for (const entry of entries) {
            if (entry.isIntersecting) next.add(pageOf(entry));
            else next.delete(pageOf(entry));
          }
          return next;
        }),
      { root, rootMargin: '150% 0px' },
    );
    for (const element of elements.current.values()) {
      viewing.observe(element);
      nearing.observe(element);
    }
    return () => {
      viewing.disconnect();
      nearing.disconnect();
    };
  }, [doc, box]);

  // At the start, the page asked for; after a zoom, the page that was in view.
  const started = useRef(false);
  const keepPage = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after a zoom the page in view is brought back
  useLayoutEffect(() => {
    if (!doc || boxWidth === 0) return;
    const target = !started.current ? Math.min(Math.max(1, Math.round(initialPage)), pages) : keepPage.current;
    started.current = true;
    keepPage.current = null;
    if (target && target > 1) elements.current.get(target)?.scrollIntoView({ block: 'start' });
  }, [doc, boxWidth, zoom, initialPage, pages]);

  const report = useRef(onProgress);
  report.current = onProgress;
  useEffect(() => {
    if (pages > 0 && seen > 0) report.current?.({ page, pages, share: seen >= pages ? 1 : seen / pages });
  }, [page, seen, pages]);

  const zoomTo = (next: number) => {
    keepPage.current = page;
    setZoom(next);
  };
  const at = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);

  return (
    <div ref={setBox} className="pdf-pages" data-testid="pdf-pages" data-page={page} data-pages={pages}>
      {loaded && 'error' in loaded ? (
        <Alert
          type="error"
          showIcon
          title={t(errorKey(loaded.error))}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)} data-testid="pdf-retry">
              {t('common:retry')}
            </Button>
          }
          data-testid="pdf-error"
        />
      ) : doc ? (
        <>
          <div className="pdf-toolbar">
            <Typography.Text data-testid="pdf-page-indicator" aria-label={t('pdf_page_indicator')}>
              {page} / {pages}
            </Typography.Text>
            <Space size={4}>
              <Tooltip title={t('zoom_out')}>
                <Button
                  size="small"
                  icon={<ZoomOutOutlined />}
                  aria-label={t('zoom_out')}
                  disabled={at <= 0}
                  onClick={() => zoomTo(ZOOMS[at - 1]!)}
                  data-testid="pdf-zoom-out"
                />
              </Tooltip>
              <Tooltip title={t('zoom_fit')}>
                <Button size="small" onClick={() => zoomTo(1)} data-testid="pdf-zoom-fit">
                  {Math.round(zoom * 100)}%
                </Button>
              </Tooltip>
              <Tooltip title={t('zoom_in')}>
                <Button
                  size="small"
                  icon={<ZoomInOutlined />}
                  aria-label={t('zoom_in')}
                  disabled={at >= ZOOMS.length - 1}
                  onClick={() => zoomTo(ZOOMS[at + 1]!)}
                  data-testid="pdf-zoom-in"
                />
              </Tooltip>
            </Space>
          </div>
          <div className="pdf-page-list">
            {Array.from({ length: pages }, (_, i) => i + 1).map((number) => (
              <PdfPage
                key={number}
                doc={doc}
                number={number}
                width={width}
                ratio={ratios[number] ?? (loaded && 'ratio' in loaded ? loaded.ratio : Math.SQRT2)}
                near={near.has(number)}
                onRatio={onRatio}
                register={register}
              />
            ))}
          </div>
        </>
      ) : (
        <div className="pdf-loading" data-testid="pdf-loading">
          <Spin />
          <Typography.Text type="secondary">{t('pdf_loading')}</Typography.Text>
        </div>
      )}
    </div>
  );
}
