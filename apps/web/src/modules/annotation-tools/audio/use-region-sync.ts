import { useEffect, useRef } from 'react';
import type { Regions } from './use-waveform.ts';

/** How a region should look on the waveform. */
export interface DrawnRegion {
  id: string;
  start: number;
  end: number;
  color: string;
  content: string;
  editable: boolean;
}

export interface RegionCallbacks {
  /** The user dragged a new region on the waveform. */
  onCreate: (start: number, end: number) => void;
  /** The user moved or resized a region (at the end of the drag). */
  onMove: (id: string, start: number, end: number) => void;
  onSelect: (id: string) => void;
}

const look = (r: DrawnRegion) => `${r.start}|${r.end}|${r.color}|${r.content}|${r.editable}`;

/**
 * Keeps the regions plugin a view of the result: regions are added, changed and removed to match `drawn` (by
 * shape id). Regions the user drags out on the waveform are taken back out at once and reported through
 * `onCreate`, so the result (and the frame's undo history) is the only owner of regions.
 */
export function useRegionSync(
  regions: Regions | null,
  ready: boolean,
  drawn: readonly DrawnRegion[],
  dragColor: string | null,
  callbacks: RegionCallbacks,
) {
  const syncing = useRef(false);
  const looks = useRef(new Map<string, string>());
  const latest = useRef(callbacks);
  latest.current = callbacks;

  useEffect(() => {
    if (!regions || !ready) return;
    looks.current = new Map();
    const offs = [
      regions.on('region-created', (region) => {
        if (syncing.current) return;
        const { start, end } = region;
        region.remove();
        latest.current.onCreate(start, end);
      }),
      regions.on('region-updated', (region) => latest.current.onMove(region.id, region.start, region.end)),
      regions.on('region-clicked', (region) => latest.current.onSelect(region.id)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [regions, ready]);

  useEffect(() => {
    if (!regions || !ready || !dragColor) return;
    return regions.enableDragSelection({ color: dragColor });
  }, [regions, ready, dragColor]);

  useEffect(() => {
    if (!regions || !ready) return;
    const wanted = new Map(drawn.map((r) => [r.id, r]));
    syncing.current = true;
    try {
      for (const region of regions.getRegions().slice()) {
        if (!wanted.has(region.id)) {
          region.remove();
          looks.current.delete(region.id);
        }
      }
      const present = new Map(regions.getRegions().map((r) => [r.id, r]));
      for (const r of drawn) {
        const key = look(r);
        const region = present.get(r.id);
        if (region && looks.current.get(r.id) === key) continue;
        if (region) {
          region.setOptions({
            start: r.start,
            end: r.end,
            color: r.color,
            content: r.content,
            drag: r.editable,
            resize: r.editable,
          });
        } else {
          regions.addRegion({
            id: r.id,
            start: r.start,
            end: r.end,
            color: r.color,
            content: r.content,
            drag: r.editable,
            resize: r.editable,
            minLength: 0,
          });
        }
        looks.current.set(r.id, key);
      }
    } finally {
      syncing.current = false;
    }
  }, [regions, ready, drawn]);
}
