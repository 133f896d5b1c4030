import type { FormatWriter, PackFormatDef, PackItem, StreamText } from './pack-format.ts';
import { num, otherKind, round, type SkipState, safePath, skip, skippedFile } from './shape-geometry.ts';

/**
 * Audio manifest (docs/packs.md, "Formats"), two JSONL files:
 * - `manifest.jsonl`, one line per audio file: `{"audio_filepath", "duration"?, "segments": [{"start", "end",
 *   "label", "transcript"}]}` (seconds, sorted by start; `duration` only when the item's payload knows it);
 * - `nemo_manifest.jsonl`, NeMo style, one line per segment: `{"audio_filepath", "offset", "duration", "text",
 *   "label"}` (offset = start, duration = end − start, text = the transcript), ready for NeMo's ASR datasets.
 * `audio_filepath` is `media/<name>` (where the pack puts the file when media are included), else the item's name.
 */

interface AudioState extends SkipState {
  files: number;
  segments: number;
}

interface Segment {
  start: number;
  end: number;
  label: string;
  transcript: string;
}

function segmentsOf(p: PackItem): Segment[] {
  const out: Segment[] = [];
  for (const s of p.result?.shapes ?? []) {
    if (s.type !== 'audio_segment') continue;
    const start = num(s.start);
    const end = num(s.end);
    if (start === null || end === null || end <= start) continue;
    out.push({
      start: round(start, 3),
      end: round(end, 3),
      label: typeof s.label === 'string' ? s.label : '',
      transcript: typeof s.transcript === 'string' ? s.transcript : '',
    });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

function durationOf(p: PackItem): number | null {
  const payload = p.item.payload;
  return payload && typeof payload === 'object' ? num((payload as { duration?: unknown }).duration) : null;
}

const writer: FormatWriter<AudioState> = {
  init: () => ({ files: 0, segments: 0, skipped: 0 }),
  write(items, state, ctx) {
    const append: StreamText[] = [];
    let manifest = '';
    let nemo = '';
    for (const p of items) {
      if (!p.result) continue;
      if (otherKind(p, 'audio')) {
        skip(state, append, p, 'not an audio file');
        continue;
      }
      const path = ctx.includeMedia ? `media/${safePath(p.item.name)}` : p.item.name;
      const duration = durationOf(p);
      const segments = segmentsOf(p);
      manifest += `${JSON.stringify({ audio_filepath: path, ...(duration !== null ? { duration } : {}), segments })}\n`;
      for (const s of segments) {
        nemo += `${JSON.stringify({ audio_filepath: path, offset: s.start, duration: round(s.end - s.start, 3), text: s.transcript, label: s.label })}\n`;
      }
      state.files += 1;
      state.segments += segments.length;
    }
    if (manifest) append.push({ stream: 'manifest', text: manifest });
    if (nemo) append.push({ stream: 'nemo', text: nemo });
    return { append, files: [] };
  },
  finish: (state) => ({
    files: [],
    assembled: [
      { path: 'manifest.jsonl', pieces: [{ stream: 'manifest' }] },
      { path: 'nemo_manifest.jsonl', pieces: [{ stream: 'nemo' }] },
      ...skippedFile(state),
    ],
  }),
};

export const audioManifestFormat: PackFormatDef = {
  id: 'audio_manifest',
  fits: (t) => t.mediaKinds.includes('audio') && t.shapeTypes.includes('audio_segment'),
  writer,
};
