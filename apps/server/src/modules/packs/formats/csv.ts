import type { FormatWriter, PackFormatDef, PackItem } from './pack-format.ts';

/** One row per finished job; shapes, fields and relations as JSON cells (docs/packs.md). */
export const CSV_COLUMNS = [
  'job_id',
  'item_id',
  'item_seq',
  'item_name',
  'item_kind',
  'operator',
  'shape_count',
  'labels',
  'shapes',
  'fields',
  'relations',
] as const;

/** RFC 4180 cell: quoted when it holds a comma, quote, CR or LF; a leading =+-@ is prefixed with ' (formula injection). */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

function row(p: PackItem): string {
  const r = p.result;
  if (!r) return '';
  const labels = [...new Set(r.shapes.map((s) => s.label).filter((l): l is string => typeof l === 'string'))];
  return `${[
    p.jobId,
    p.item.id,
    p.item.seq,
    csvCell(p.item.name),
    p.item.kind,
    csvCell(p.operator),
    r.shapes.length,
    csvCell(labels.join('|')),
    csvCell(JSON.stringify(r.shapes)),
    csvCell(JSON.stringify(r.fields ?? {})),
    csvCell(JSON.stringify(r.relations ?? [])),
  ].join(',')}\r\n`;
}

interface CsvState {
  count: number;
}

const writer: FormatWriter<CsvState> = {
  init: () => ({ count: 0 }),
  write(items, state) {
    let text = '';
    for (const p of items) {
      if (!p.result) continue;
      text += row(p);
      state.count += 1;
    }
    return { append: text ? [{ stream: 'rows', text }] : [], files: [] };
  },
  finish: () => ({
    files: [],
    // The BOM lets spreadsheet programs read the UTF-8 (Chinese names, labels) correctly.
    assembled: [{ path: 'annotations.csv', pieces: [`\uFEFF${CSV_COLUMNS.join(',')}\r\n`, { stream: 'rows' }] }],
  }),
};

export const csvFormat: PackFormatDef = { id: 'csv', fits: () => true, writer };
