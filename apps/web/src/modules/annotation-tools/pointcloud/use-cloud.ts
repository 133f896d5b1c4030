import { useEffect, useState } from 'react';
import type { PointCloud } from './parse-cloud.ts';

export type CloudState =
  | { status: 'loading' }
  | { status: 'ready'; cloud: PointCloud }
  | { status: 'failed'; error: string; detail: string };

/** Loads the item's point cloud in a Web Worker (fetch and parse), one worker per file. */
export function useCloud(url: string | null, name: string): CloudState & { url: string | null } {
  const [state, setState] = useState<CloudState & { url: string | null }>({ status: 'loading', url });
  useEffect(() => {
    if (!url) return;
    const worker = new Worker(new URL('./cloud.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ cloud?: PointCloud; error?: string; detail?: string }>) => {
      const { cloud, error, detail } = event.data;
      setState(
        cloud
          ? { status: 'ready', cloud, url }
          : { status: 'failed', error: error ?? 'network', detail: detail ?? '', url },
      );
      worker.terminate();
    };
    worker.onerror = (event) => {
      setState({ status: 'failed', error: 'network', detail: event.message, url });
      worker.terminate();
    };
    worker.postMessage({ url: new URL(url, location.href).href, name });
    return () => worker.terminate();
  }, [url, name]);
  if (!url) return { status: 'failed', error: 'no_file', detail: '', url };
  if (state.url !== url) return { status: 'loading', url };
  return state;
}
