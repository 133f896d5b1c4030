import { type PDFDocumentProxy, RenderingCancelledException, type RenderTask } from 'pdfjs-dist';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Canvases stay under this many pixels (mobile Safari refuses larger ones; a zoomed page is drawn coarser). */
const MAX_CANVAS_PIXELS = 16_000_000;

/**
 * One page of the viewer: a box of the page's shape at `width` CSS pixels (the first page's shape until its own is
 * known), drawn to a canvas at the screen's pixel density while `near` the view and emptied when it leaves, so a long
 * document holds only a few canvases.
 */
export const PdfPage = memo(function PdfPage({
  doc,
  number,
  width,
  ratio,
  near,
  onRatio,
  register,
}: {
  doc: PDFDocumentProxy;
  number: number;
  width: number;
  /** Height / width. */
  ratio: number;
  near: boolean;
  onRatio: (page: number, ratio: number) => void;
  register: (page: number, element: HTMLDivElement | null) => void;
}) {
  const { t } = useTranslation('teaching-sources');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    if (!near || width <= 0) {
      // Far from the view: give the canvas memory back.
      target.width = 0;
      target.height = 0;
      setDrawn(false);
      return;
    }
    let live = true;
    let task: RenderTask | null = null;
    doc
      .getPage(number)
      .then((page) => {
        if (!live) return;
        const base = page.getViewport({ scale: 1 });
        onRatio(number, base.height / base.width);
        let scale = (width / base.width) * Math.min(window.devicePixelRatio || 1, 3);
        const pixels = base.width * base.height * scale * scale;
        if (pixels > MAX_CANVAS_PIXELS) scale *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
        const viewport = page.getViewport({ scale });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        task = page.render({ canvas: target, viewport });
        return task.promise.then(() => {
          if (live) {
            setDrawn(true);
            setFailed(false);
          }
        });
      })
      .catch((error: unknown) => {
        if (live && !(error instanceof RenderingCancelledException)) setFailed(true);
      });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, number, width, near, onRatio]);

  return (
    <div
      ref={(element) => register(number, element)}
      data-page={number}
      className="pdf-page"
      style={{ width, height: Math.round(width * ratio) }}
      data-testid={`pdf-page-${number}`}
      data-drawn={drawn}
    >
      <canvas ref={canvas} aria-label={t('pdf_page_label', { page: number })} role="img" />
      {!drawn && <span className="pdf-page-placeholder">{failed ? t('pdf_page_failed') : number}</span>}
    </div>
  );
});
