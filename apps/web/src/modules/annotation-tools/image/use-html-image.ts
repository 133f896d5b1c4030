import { useEffect, useState } from 'react';

export type ImageState =
  | { status: 'loading'; image: null }
  | { status: 'ready'; image: HTMLImageElement }
  | { status: 'error'; image: null };

/**
 * The item's image as an <img> element, loaded like any page image (same origin, the session cookie goes with
 * it) and decoded before it is drawn, so the first frame of a large image does not stall.
 */
export function useHtmlImage(url: string | null | undefined): ImageState {
  const [state, setState] = useState<ImageState>({ status: 'loading', image: null });
  useEffect(() => {
    if (!url) {
      setState({ status: 'error', image: null });
      return;
    }
    let live = true;
    setState({ status: 'loading', image: null });
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    img
      .decode()
      .then(() => live && setState({ status: 'ready', image: img }))
      .catch(() => live && setState({ status: 'error', image: null }));
    return () => {
      live = false;
    };
  }, [url]);
  return state;
}
