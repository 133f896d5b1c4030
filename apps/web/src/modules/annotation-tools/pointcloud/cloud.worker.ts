/// <reference lib="webworker" />
import { CloudParseError, parseCloud, shufflePoints } from './parse-cloud.ts';

/**
 * Fetches and parses a point cloud off the main thread: `{ url, name }` in, `{ cloud }` (arrays transferred, not
 * copied) or `{ error }` (a CloudParseError code, `http` or `network`) out.
 */
self.onmessage = async (event: MessageEvent<{ url: string; name: string }>) => {
  const { url, name } = event.data;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) {
      self.postMessage({ error: 'http', detail: String(response.status) });
      return;
    }
    const cloud = shufflePoints(parseCloud(await response.arrayBuffer(), name));
    const transfer: Transferable[] = [cloud.positions.buffer as ArrayBuffer];
    if (cloud.intensity) transfer.push(cloud.intensity.buffer as ArrayBuffer);
    self.postMessage({ cloud }, transfer);
  } catch (error) {
    if (error instanceof CloudParseError) self.postMessage({ error: error.code, detail: error.message });
    else self.postMessage({ error: 'network', detail: String(error) });
  }
};
