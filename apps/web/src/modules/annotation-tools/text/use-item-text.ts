import { useEffect, useState } from 'react';
import type { MediaToolProps } from '../tool-props.ts';
import { payloadText, textFieldOf } from './text-template.ts';

type Loaded = { url: string; text: string | null; failed: boolean };

/**
 * The text to annotate: the payload's text (a string payload, or the record field the template's `text`
 * placeholder names, default `text`), else the item's file loaded as text (the file route, cookie auth).
 * A plain fetch rather than a query: the text never changes while the job is open.
 */
export function useItemText(item: MediaToolProps['item'], template: MediaToolProps['template']) {
  const inline = payloadText(item.payload, textFieldOf(template));
  const url = inline === null ? item.url : null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (url === null) return;
    let live = true;
    fetch(url, { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.text();
      })
      .then(
        (text) => live && setLoaded({ url, text, failed: false }),
        () => live && setLoaded({ url, text: null, failed: true }),
      );
    return () => {
      live = false;
    };
  }, [url]);
  if (inline !== null) return { text: inline, loading: false, failed: false };
  if (url === null) return { text: null, loading: false, failed: false };
  if (loaded?.url !== url) return { text: null, loading: true, failed: false };
  return { text: loaded.text, loading: false, failed: loaded.failed };
}
