import { jobRecord } from './json.ts';
import type { FormatWriter, PackFormatDef } from './pack-format.ts';

interface JsonlState {
  count: number;
}

const writer: FormatWriter<JsonlState> = {
  init: () => ({ count: 0 }),
  write(items, state) {
    let text = '';
    for (const p of items) {
      if (!p.result) continue;
      text += `${JSON.stringify(jobRecord(p))}\n`;
      state.count += 1;
    }
    return { append: text ? [{ stream: 'lines', text }] : [], files: [] };
  },
  finish: () => ({ files: [], assembled: [{ path: 'annotations.jsonl', pieces: [{ stream: 'lines' }] }] }),
};

export const jsonlFormat: PackFormatDef = { id: 'jsonl', fits: () => true, writer };
