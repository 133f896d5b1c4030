import { type RefObject, useEffect, useState } from 'react';

/**
 * The height of an element that fills what is left of the job frame's work area (a flex child with
 * `flex: 1 1 0`), kept up to date as the window or the bars above it change; at least `min`, and `fallback`
 * until it is laid out. A canvas inside it draws at this height, so the frame never scrolls to reach it.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, min: number, fallback: number): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    setHeight(element.clientHeight);
    return () => observer.disconnect();
  }, [ref]);
  return height > 0 ? Math.max(min, Math.floor(height)) : fallback;
}
