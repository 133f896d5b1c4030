// The page of `npm run bench -- pointcloud`: the real PointCloudAnnotator (apps/web) on a generated lidar-like
// cloud, written as a binary PCD (x y z intensity) into a blob URL that the tool's worker fetches and parses.
// Query: `points=1000000`, `cuboids=20`, `edit=1` (editable, for trying the tool by hand).
import type { TTemplateContent } from '@app/contracts';
import i18next from 'i18next';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { PointCloudAnnotator } from '../../apps/web/src/modules/annotation-tools/pointcloud/PointCloudAnnotator.tsx';
import type { WorkResult } from '../../apps/web/src/modules/annotation-tools/work-result.ts';
import pointcloudEn from '../../packages/i18n/locales/en-US/pointcloud-tool.json';

const query = new URLSearchParams(location.search);
const pointCount = Number(query.get('points') ?? 1_000_000);
const cuboidCount = Number(query.get('cuboids') ?? 20);
const editable = query.get('edit') === '1';

const labels = [
  { name: 'car', color: '#1677ff', shortcut: '1' },
  { name: 'pedestrian', color: '#52c41a', shortcut: '2' },
  { name: 'bicycle', color: '#fa541c', shortcut: '3' },
];
const template: TTemplateContent = {
  version: 1,
  components: [
    { id: 'cloud', type: 'point_cloud', field: '', title: '' },
    { id: 'classes', type: 'tags', label: '', required: true, labels },
    { id: 'cuboid', type: 'cuboid', label: 'Cuboid', shortcut: 'c', labels_from: 'classes' },
  ],
};

// A deterministic pseudo-random sequence, so every run makes the same cloud.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** Rings of a spinning lidar on a ground plane, with box-shaped cars standing on it: a binary PCD. */
function makeCloud(): string {
  const header = `VERSION 0.7\nFIELDS x y z intensity\nSIZE 4 4 4 4\nTYPE F F F F\nCOUNT 1 1 1 1\nWIDTH ${pointCount}\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS ${pointCount}\nDATA binary\n`;
  const head = new TextEncoder().encode(header);
  const body = new Float32Array(pointCount * 4);
  const cars = Array.from({ length: cuboidCount }, () => [random() * 80 - 40, random() * 80 - 40, random() * Math.PI]);
  for (let i = 0; i < pointCount; i += 1) {
    const o = i * 4;
    if (i % 5 === 0 && cars.length > 0) {
      const [cx, cy, heading] = cars[i % cars.length] as [number, number, number];
      const a = random() * 4.4 - 2.2;
      const b = random() * 1.8 - 0.9;
      body[o] = cx + a * Math.cos(heading) - b * Math.sin(heading);
      body[o + 1] = cy + a * Math.sin(heading) + b * Math.cos(heading);
      body[o + 2] = random() * 1.5;
      body[o + 3] = 0.6 + random() * 0.4;
    } else {
      const angle = random() * Math.PI * 2;
      const range = 3 + (i % 64) * 0.9 + random() * 0.2;
      body[o] = Math.cos(angle) * range;
      body[o + 1] = Math.sin(angle) * range;
      body[o + 2] = random() * 0.08 + (range > 50 ? (range - 50) * 0.1 : 0);
      body[o + 3] = random() * 0.4;
    }
  }
  const blob = new Blob([head, body.buffer as ArrayBuffer], { type: 'application/octet-stream' });
  (window as unknown as { __cars: unknown }).__cars = cars;
  return URL.createObjectURL(blob);
}

function Bench({ url }: { url: string }) {
  const cars = (window as unknown as { __cars: [number, number, number][] }).__cars;
  const [value, setValue] = useState<WorkResult>({
    version: 1,
    shapes: cars.map(([x, y, heading], i) => ({
      id: `c${i}`,
      tool: 'cuboid',
      type: 'cuboid',
      label: 'car',
      center: [x, y, 0.75],
      size: [4.4, 1.8, 1.5],
      heading,
    })),
    fields: {},
    relations: [],
  });
  (window as unknown as { __result: WorkResult }).__result = value;
  const item = { id: 1, seq: 1, name: 'generated.pcd', kind: 'point_cloud', url, payload: null };
  return <PointCloudAnnotator template={template} item={item} value={value} onChange={setValue} readOnly={!editable} />;
}

await i18next.use(initReactI18next).init({
  lng: 'en-US',
  resources: { 'en-US': { 'pointcloud-tool': pointcloudEn } },
  interpolation: { escapeValue: false },
});
createRoot(document.getElementById('root')!).render(<Bench url={makeCloud()} />);
