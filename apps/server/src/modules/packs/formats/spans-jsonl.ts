import { entitiesOf } from './conll.ts';
import type { FormatWriter, PackFormatDef, StreamText } from './pack-format.ts';
import { annotatedTexts, type SkipState, skippedFile } from './shape-geometry.ts';

/**
 * Text spans as JSONL (docs/packs.md, "Formats"): `spans.jsonl`, one line per text,
 * `{"name", "text", "entities": [{"id", "start", "end", "label"}], "relations": [{"from", "to", "label"}]}`,
 * offsets in UTF-16 code units (end exclusive, as JavaScript and the text tool count), nested and overlapping
 * entities all kept, sorted by start; relations name entity ids (those whose ends are not entities are left out).
 */

interface SpansState extends SkipState {
  lines: number;
}

const writer: FormatWriter<SpansState> = {
  init: () => ({ lines: 0, skipped: 0 }),
  write(items, state) {
    const append: StreamText[] = [];
    let text = '';
    for (const { p, content } of annotatedTexts(items, state, append)) {
      const entities = entitiesOf(p.result.shapes, content);
      const ids = new Set(entities.map((e) => e.id));
      const relations = (p.result.relations ?? [])
        .filter((r) => ids.has(r.from) && ids.has(r.to))
        .map((r) => ({ from: r.from, to: r.to, label: r.label ?? '' }));
      text += `${JSON.stringify({ name: p.item.name, text: content, entities, relations })}\n`;
      state.lines += 1;
    }
    if (text) append.push({ stream: 'lines', text });
    return { append, files: [] };
  },
  finish: (state) => ({
    files: [],
    assembled: [{ path: 'spans.jsonl', pieces: [{ stream: 'lines' }] }, ...skippedFile(state)],
  }),
};

export const spansJsonlFormat: PackFormatDef = {
  id: 'spans_jsonl',
  fits: (t) => t.mediaKinds.includes('text') && t.shapeTypes.includes('text_entity'),
  writer,
};
