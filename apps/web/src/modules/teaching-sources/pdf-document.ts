import { GlobalWorkerOptions, getDocument, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import jpxFallbackUrl from 'pdfjs-dist/wasm/openjpeg_nowasm_fallback.js?url';

// pdf.js parses in a module worker served from this origin (the policy's worker-src 'self').
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * The predefined CMaps (CJK text in fonts that are not embedded) and the two standard fonts no system has
 * (Symbol, ZapfDingbats): files of the bundle, fetched one by one when a document needs them. Only their addresses
 * are in this chunk.
 */
const CMAPS = import.meta.glob<string>('../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});
const FONTS = import.meta.glob<string>(
  '../../../../../node_modules/pdfjs-dist/standard_fonts/{FoxitSymbol,FoxitDingbats}.pfb',
  { query: '?url&no-inline', import: 'default', eager: true },
);
const byFileName = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));
const CMAP_URLS = byFileName(CMAPS);
const FONT_URLS = byFileName(FONTS);

/** pdf.js's BinaryDataFactory: hands the worker the bundled CMaps and fonts above (it asks for them by file name). */
class BundledDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = kind === 'cMapUrl' ? CMAP_URLS.get(filename) : FONT_URLS.get(filename);
    if (!url) throw new Error(`No bundled ${kind} data for ${filename}`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/**
 * Opens a pdf for the viewer. Within the server's content security policy (scripts from this origin only, no eval,
 * no WebAssembly): no evaluated code (`isEvalSupported: false`, slower PDF functions instead), no WebAssembly
 * decoders (`useWasm: false`: JBIG2 and CCITT use pdf.js's JavaScript decoders, JPEG 2000 the JavaScript build of
 * OpenJPEG, which the worker imports from `wasmUrl` + its file name: the query string swallows that name, so the
 * bundled file with its hashed name is what loads), CMaps and fonts from the bundle. The document is read with
 * fetch and range requests from this origin, which send the session cookie.
 */
export function openPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({
    url,
    withCredentials: false,
    isEvalSupported: false,
    useWasm: false,
    useWorkerFetch: false,
    wasmUrl: `${jpxFallbackUrl}?/`,
    cMapPacked: true,
    BinaryDataFactory: BundledDataFactory,
  });
}
