import { normaliseShortcut } from '@app/contracts/annotation/template.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InSidePanel } from '../InSidePanel.tsx';
import { eventShortcut } from '../text/text-template.ts';
import type { MediaToolProps } from '../tool-props.ts';
import { CloudToolbar } from './CloudToolbar.tsx';
import { CuboidPanel } from './CuboidPanel.tsx';
import type { ColorMode } from './cloud-colors.ts';
import { MainView, type SceneCuboid } from './cloud-scene.ts';
import { type Cuboid, normaliseHeading, roundCuboid } from './cuboid-math.ts';
import { OrthoViews, PANES, type PaneName } from './ortho-views.ts';
import type { PointCloud } from './parse-cloud.ts';
import {
  type CuboidLabel,
  type CuboidShape,
  type CuboidTool,
  isCuboidShape,
  newCuboidId,
} from './pointcloud-template.ts';

const GREY = '#8c8c8c';
const ROTATE_STEP = (2 * Math.PI) / 180;

interface Props extends Omit<MediaToolProps, 'template' | 'item'> {
  cloud: PointCloud;
  tool: CuboidTool | null;
  labels: CuboidLabel[];
}

/** The views, the toolbar and the cuboid panel of a loaded cloud; the three.js views live in refs. */
export function CloudWorkspace({ cloud, tool, labels, value, onChange, readOnly, panel }: Props) {
  const { t } = useTranslation('pointcloud-tool');
  const mainRef = useRef<HTMLDivElement>(null);
  const orthoRef = useRef<HTMLDivElement>(null);
  const paneRefs = useRef<Partial<Record<PaneName, HTMLDivElement | null>>>({});
  const views = useRef<{ main: MainView; ortho: OrthoViews } | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [colorMode, setColorMode] = useState<ColorMode>('height');
  const [current, setCurrent] = useState(labels[0]?.name ?? '');
  const [preview, setPreview] = useState<{ id: string; cuboid: Cuboid } | null>(null);
  const [inside, setInside] = useState<number | null>(null);

  const toolId = tool?.id ?? '';
  const shapes = useMemo(
    () => value.shapes.filter((s): s is CuboidShape => isCuboidShape(s, toolId)),
    [value.shapes, toolId],
  );
  const colors = useMemo(() => new Map(labels.map((l) => [l.name, l.color])), [labels]);
  const selected = shapes.find((s) => s.id === selectedId) ?? null;
  const canDraw = !readOnly && !!tool;
  const editable = canDraw && !!selected && !selected.locked;

  const replaceShapes = (next: (shape: CuboidShape) => CuboidShape | null) =>
    onChange({
      ...value,
      shapes: value.shapes.flatMap((s) => {
        if (!isCuboidShape(s, toolId)) return [s];
        const changed = next(s);
        return changed ? [changed] : [];
      }),
    });
  const patch = (id: string, change: Partial<CuboidShape>) =>
    replaceShapes((s) => (s.id === id ? roundCuboid({ ...s, ...change }) : s));
  const remove = (id: string) => {
    replaceShapes((s) => (s.id === id ? null : s));
    if (selectedId === id) setSelectedId(null);
  };
  const create = (cuboid: Cuboid) => {
    if (!tool) return;
    const id = newCuboidId(new Set(shapes.map((s) => s.id)));
    const shape: CuboidShape = roundCuboid({ id, tool: tool.id, type: 'cuboid', ...cuboid });
    if (current) shape.label = current;
    onChange({ ...value, shapes: [...value.shapes, shape] });
    setSelectedId(id);
    setAdding(false);
  };
  /** The label bar and label keys: the label of the next cuboid only (the panel's label control relabels). */
  const pick = (name: string) => setCurrent(name);

  const latest = { create, patch, remove, pick, selected, editable, canDraw, labels, tool, setSelectedId };
  const actions = useRef(latest);
  actions.current = latest;

  // The three.js views, made once per cloud.
  useEffect(() => {
    const mainHost = mainRef.current;
    const orthoHost = orthoRef.current;
    const panes = paneRefs.current;
    if (!mainHost || !orthoHost || !panes.top || !panes.side || !panes.front) return;
    const main = new MainView(mainHost, cloud, {
      select: (id) => actions.current.setSelectedId(id),
      create: (cuboid) => actions.current.create(cuboid),
    });
    const ortho = new OrthoViews(
      orthoHost,
      { top: panes.top, side: panes.side, front: panes.front },
      cloud,
      () => main.baseColors,
      {
        preview: (cuboid) => {
          const id = actions.current.selected?.id;
          if (id) setPreview({ id, cuboid });
        },
        commit: (cuboid) => {
          const id = actions.current.selected?.id;
          setPreview(null);
          if (id) actions.current.patch(id, cuboid);
        },
        inside: (indexes) => {
          main.setHighlight(indexes);
          setInside(indexes.length);
        },
      },
    );
    views.current = { main, ortho };
    // The orbit view for the bench and tests (frames drawn, camera), and a mark that the views are up.
    (mainHost as HTMLDivElement & { __view?: MainView }).__view = main;
    mainHost.dataset.ready = 'true';
    return () => {
      mainHost.dataset.ready = 'false';
      views.current = null;
      ortho.dispose();
      main.dispose();
    };
  }, [cloud]);

  useEffect(() => {
    const list: SceneCuboid[] = shapes.map((s) => ({
      id: s.id,
      cuboid: preview?.id === s.id ? preview.cuboid : s,
      color: colors.get(s.label ?? '') ?? GREY,
      hidden: !!s.hidden,
    }));
    views.current?.main.setCuboids(list, selectedId);
  }, [shapes, preview, colors, selectedId]);

  const shown = selected && !selected.hidden ? selected : null;
  useEffect(() => {
    const v = views.current;
    if (!v) return;
    v.ortho.show(shown, colors.get(shown?.label ?? '') ?? GREY, editable, true);
    if (!shown) {
      v.main.setHighlight([]);
      setInside(null);
    }
  }, [shown, colors, editable]);

  useEffect(() => {
    const v = views.current;
    if (!v) return;
    v.main.setColorMode(colorMode);
    v.ortho.repaint();
  }, [colorMode]);

  useEffect(() => views.current?.main.setAdding(adding), [adding]);

  // Keys outside inputs: the tool's key toggles add mode, a label's key picks the label of the next cuboid,
  // Delete removes the selection, Q / E turn it, Escape leaves add mode or drops the selection.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, [contenteditable]')) return;
      const a = actions.current;
      if (event.key === 'Escape') {
        setAdding(false);
        a.setSelectedId(null);
        return;
      }
      const shortcut = eventShortcut(event);
      if (!shortcut) return;
      const label = a.labels.find((l) => l.shortcut === shortcut);
      if (label) {
        event.preventDefault();
        a.pick(label.name);
      } else if (a.tool?.shortcut && shortcut === normaliseShortcut(a.tool.shortcut) && a.canDraw) {
        event.preventDefault();
        setAdding((on) => !on);
      } else if ((shortcut === 'delete' || shortcut === 'backspace') && a.editable && a.selected) {
        event.preventDefault();
        a.remove(a.selected.id);
      } else if ((shortcut === 'q' || shortcut === 'e') && a.editable && a.selected) {
        event.preventDefault();
        const turn = shortcut === 'q' ? ROTATE_STEP : -ROTATE_STEP;
        a.patch(a.selected.id, { heading: normaliseHeading(a.selected.heading + turn) });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const select = (id: string | null) => {
    setSelectedId(id);
    const shape = shapes.find((s) => s.id === id);
    if (shape) views.current?.main.focus(shape.center);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, flex: '1 1 auto', minHeight: 0 }}>
      <CloudToolbar
        tool={tool}
        labels={labels}
        current={current}
        adding={adding}
        canDraw={canDraw}
        colorMode={colorMode}
        hasIntensity={!!cloud.intensity}
        onPick={pick}
        onAdding={setAdding}
        onColorMode={setColorMode}
      />
      <div style={{ display: 'flex', gap: 8, flex: '1 1 0', minHeight: 360 }}>
        <div
          ref={mainRef}
          data-testid="pointcloud-main"
          data-adding={adding}
          style={{ flex: 1, minWidth: 0, position: 'relative', overflow: 'hidden' }}
        />
        <div ref={orthoRef} style={{ width: 200, position: 'relative', display: 'flex', flexDirection: 'column' }}>
          {PANES.map((name) => (
            <div
              key={name}
              ref={(el) => {
                paneRefs.current[name] = el;
              }}
              data-testid={`pointcloud-view-${name}`}
              data-view={name}
              data-cuboid={shown?.id ?? ''}
              style={{ flex: 1, position: 'relative', borderBottom: '1px solid #333', touchAction: 'none' }}
            >
              <span style={{ position: 'absolute', left: 4, top: 2, color: '#bbb', fontSize: 11, zIndex: 1 }}>
                {t(`view_${name}`)}
              </span>
            </div>
          ))}
        </div>
      </div>
      <InSidePanel panel={panel}>
        <CuboidPanel
          shapes={value.shapes}
          toolId={toolId}
          labels={labels}
          colors={colors}
          selectedId={selectedId}
          inside={inside}
          readOnly={!canDraw}
          onSelect={select}
          onPatch={patch}
          onDelete={remove}
        />
      </InSidePanel>
    </div>
  );
}
