// The page of `npm run bench -- canvas`: the real ImageAnnotator (apps/web) on a generated image with generated
// boxes. Query: `size=4000x3000`, `boxes=2000`, `edit=1` (editable, for trying the tool by hand).
import type { TTemplateContent } from '@app/contracts';
import i18next from 'i18next';
import Konva from 'konva';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { ImageAnnotator } from '../../apps/web/src/modules/annotation-tools/image/ImageAnnotator.tsx';
import type { WorkResult } from '../../apps/web/src/modules/annotation-tools/work-result.ts';
import toolsEn from '../../packages/i18n/locales/en-US/annotation-tools.json';
import imageEn from '../../packages/i18n/locales/en-US/image-tool.json';

const query = new URLSearchParams(location.search);
const [width, height] = (query.get('size') ?? '4000x3000').split('x').map(Number) as [number, number];
const boxCount = Number(query.get('boxes') ?? 2000);
const editable = query.get('edit') === '1';

const labels = [
  { name: 'car', color: '#1677ff', shortcut: '1' },
  { name: 'person', color: '#52c41a', shortcut: '2' },
  { name: 'bike', color: '#fa541c', shortcut: '3' },
  { name: 'sign', color: '#eb2f96', shortcut: '4' },
  { name: 'tree', color: '#faad14', shortcut: '5' },
];
const template: TTemplateContent = {
  version: 1,
  components: [
    { id: 'img', type: 'image', field: '', title: '' },
    { id: 'classes', type: 'tags', label: '', required: true, labels },
    { id: 'box', type: 'rect', label: 'Box', shortcut: 'r' },
    { id: 'rbox', type: 'rotated_rect', label: '', shortcut: 't' },
    { id: 'poly', type: 'polygon', label: '', shortcut: 'p', min_points: 3 },
    { id: 'line', type: 'polyline', label: '', shortcut: 'l', min_points: 2 },
    { id: 'pt', type: 'point', label: '', shortcut: 'o' },
    {
      id: 'face',
      type: 'keypoints',
      label: 'Face',
      shortcut: 'k',
      points: [{ name: 'left eye' }, { name: 'right eye' }, { name: 'nose', color: '#52c41a' }],
      edges: [
        [0, 1],
        [0, 2],
        [1, 2],
      ],
      reference_image: false,
    },
  ],
};

// A deterministic pseudo-random sequence, so every run draws the same boxes.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

function makeImage(): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#334');
  gradient.addColorStop(1, '#a98');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 3000; i += 1) {
    ctx.fillStyle = `hsl(${Math.floor(random() * 360)}, 40%, ${30 + Math.floor(random() * 40)}%)`;
    ctx.fillRect(random() * width, random() * height, 10 + random() * 120, 10 + random() * 120);
  }
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(URL.createObjectURL(blob!)), 'image/png'));
}

const shapes = Array.from({ length: boxCount }, (_, i) => {
  const w = 20 + random() * 200;
  const h = 20 + random() * 200;
  return {
    id: `b${i}`,
    tool: 'box',
    type: 'rect' as const,
    label: labels[i % labels.length]!.name,
    x: Math.round(random() * (width - w)),
    y: Math.round(random() * (height - h)),
    w: Math.round(w),
    h: Math.round(h),
  };
});

function Bench({ url }: { url: string }) {
  const [value, setValue] = useState<WorkResult>({ version: 1, shapes, fields: {}, relations: [] });
  (window as unknown as { __result: WorkResult }).__result = value;
  const item = { id: 1, seq: 1, name: 'generated.png', kind: 'image', url, payload: null };
  return <ImageAnnotator template={template} item={item} value={value} onChange={setValue} readOnly={!editable} />;
}

await i18next.use(initReactI18next).init({
  lng: 'en-US',
  resources: { 'en-US': { 'image-tool': imageEn, 'annotation-tools': toolsEn } },
  interpolation: { escapeValue: false },
});
(window as unknown as { Konva: typeof Konva }).Konva = Konva;
createRoot(document.getElementById('root')!).render(<Bench url={await makeImage()} />);
