import type { FormatWriter, PackContext, PackFormatDef, PackItem, StreamText, WholeFile } from './pack-format.ts';
import { annotatedImages, rectOf, type SkipState, skippedFile, stemOf } from './shape-geometry.ts';

/**
 * Pascal VOC (docs/packs.md, "Formats"): `Annotations/<stem>.xml` per image, one `<object>` per rectangle with its
 * label, `<bndbox>` in whole pixels (xmin = round(x), xmax = round(x + w); 0-based like our results), and the
 * shape's `truncated` / `difficult` / `occluded` attributes as 0/1. `labels.txt` lists the template's labels.
 */

interface VocState extends SkipState {
  images: number;
  objects: number;
}

export const xmlText = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 does not allow are dropped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

const flag = (v: unknown) => (v === true || v === 1 ? 1 : 0);

function annotationXml(p: PackItem, ctx: PackContext): { xml: string; objects: number } {
  const objects: string[] = [];
  for (const shape of p.result?.shapes ?? []) {
    if (shape.type !== 'rect' || typeof shape.label !== 'string' || shape.label === '') continue;
    const r = rectOf(shape);
    if (!r) continue;
    const a = (shape.attributes ?? {}) as Record<string, unknown>;
    objects.push(
      [
        '  <object>',
        `    <name>${xmlText(shape.label)}</name>`,
        '    <pose>Unspecified</pose>',
        `    <truncated>${flag(a.truncated)}</truncated>`,
        `    <occluded>${flag(a.occluded)}</occluded>`,
        `    <difficult>${flag(a.difficult)}</difficult>`,
        '    <bndbox>',
        `      <xmin>${Math.round(r.x)}</xmin>`,
        `      <ymin>${Math.round(r.y)}</ymin>`,
        `      <xmax>${Math.round(r.x + r.w)}</xmax>`,
        `      <ymax>${Math.round(r.y + r.h)}</ymax>`,
        '    </bndbox>',
        '  </object>',
      ].join('\n'),
    );
  }
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<annotation>',
    '  <folder>media</folder>',
    `  <filename>${xmlText(p.item.name)}</filename>`,
    `  <source><database>${xmlText(ctx.projectName)}</database></source>`,
    `  <size><width>${p.item.width ?? 0}</width><height>${p.item.height ?? 0}</height><depth>3</depth></size>`,
    '  <segmented>0</segmented>',
    ...objects,
    '</annotation>',
    '',
  ].join('\n');
  return { xml, objects: objects.length };
}

const writer: FormatWriter<VocState> = {
  init: () => ({ images: 0, objects: 0, skipped: 0 }),
  write(items, state, ctx) {
    const append: StreamText[] = [];
    const files: WholeFile[] = [];
    for (const p of annotatedImages(items, state, append)) {
      const { xml, objects } = annotationXml(p, ctx);
      state.images += 1;
      state.objects += objects;
      files.push({ path: `Annotations/${stemOf(p.item.name)}.xml`, content: xml });
    }
    return { append, files };
  },
  finish(state, ctx) {
    return {
      files: [{ path: 'labels.txt', content: ctx.labels.map((l) => `${l}\n`).join('') }],
      assembled: skippedFile(state),
    };
  },
};

export const vocFormat: PackFormatDef = {
  id: 'voc',
  fits: (t) => t.mediaKinds.includes('image') && t.shapeTypes.includes('rect'),
  writer,
};
