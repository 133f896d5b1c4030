import type { FormatWriter, PackFormatDef, StreamText } from './pack-format.ts';
import { annotatedTexts, type Shape, type SkipState, skippedFile } from './shape-geometry.ts';

/**
 * CoNLL 2003 (docs/packs.md, "Formats"): `annotations.conll`, one token a line as `token -X- _ TAG` (the POS and
 * chunk columns are placeholders, as Label Studio writes them) with BIO tags from the text's entity spans. Each
 * document starts with `-DOCSTART- -X- -X- O` and a blank line; a line break in the text ends a sentence (blank
 * line). Tokens: runs of letters and digits, each other visible character alone (punctuation), each CJK character
 * alone (Chinese text: one token per character); a token is also cut at every entity boundary, so tags match the
 * spans exactly. BIO cannot nest: of overlapping entities the one starting first (the longer on a tie) is kept;
 * `spans_jsonl` keeps them all.
 */

export interface Entity {
  id: string;
  start: number;
  end: number;
  label: string;
}

/** Entity spans of a result that fit the text (offsets in UTF-16 code units, as the text tool counts). */
export function entitiesOf(shapes: readonly Shape[], text: string): Entity[] {
  const out: Entity[] = [];
  for (const s of shapes) {
    if (s.type !== 'text_entity' || typeof s.label !== 'string') continue;
    const { start, end } = s as Shape & { start?: unknown; end?: unknown };
    if (!Number.isInteger(start) || !Number.isInteger(end)) continue;
    const a = start as number;
    const b = Math.min(end as number, text.length);
    if (a >= 0 && a < b) out.push({ id: s.id, start: a, end: b, label: s.label });
  }
  return out.sort((x, y) => x.start - y.start || y.end - x.end || x.id.localeCompare(y.id));
}

/** Non-overlapping entities: the first to start (the longer on a tie) wins. */
export function flatEntities(entities: readonly Entity[]): Entity[] {
  const kept: Entity[] = [];
  let reached = 0;
  for (const e of entities) {
    if (e.start < reached) continue;
    kept.push(e);
    reached = e.end;
  }
  return kept;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const WORD = /[\p{L}\p{N}\p{M}_]/u;
const SPACE = /\s/u;

export interface Token {
  text: string;
  start: number;
  end: number;
  /** The first token after a line break (a new sentence). */
  newSentence: boolean;
}

/** Tokens of `text`, cut at every offset in `cuts` as well (see the file comment). */
export function tokenize(text: string, cuts: ReadonlySet<number>): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let lineBreak = false;
  while (i < text.length) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    if (SPACE.test(ch)) {
      if (ch === '\n') lineBreak = true;
      i += ch.length;
      continue;
    }
    let end = i + ch.length;
    if (WORD.test(ch) && !CJK.test(ch)) {
      while (end < text.length && !cuts.has(end)) {
        const next = String.fromCodePoint(text.codePointAt(end)!);
        if (!WORD.test(next) || CJK.test(next)) break;
        end += next.length;
      }
    }
    tokens.push({ text: text.slice(i, end), start: i, end, newSentence: lineBreak && tokens.length > 0 });
    lineBreak = false;
    i = end;
  }
  return tokens;
}

/** The CoNLL lines of one document, ending with a blank line. */
export function conllDocument(text: string, entities: readonly Entity[]): string {
  const flat = flatEntities(entities);
  const cuts = new Set(flat.flatMap((e) => [e.start, e.end]));
  let out = '-DOCSTART- -X- -X- O\n\n';
  let e = 0;
  let previous: Entity | null = null;
  for (const token of tokenize(text, cuts)) {
    if (token.newSentence) {
      out += '\n';
      previous = null;
    }
    while (e < flat.length && flat[e]!.end <= token.start) e += 1;
    const entity = flat[e] && flat[e]!.start <= token.start ? flat[e]! : null;
    const tag = entity ? `${entity === previous ? 'I' : 'B'}-${entity.label.replace(/\s+/g, '_')}` : 'O';
    out += `${token.text} -X- _ ${tag}\n`;
    previous = entity;
  }
  return `${out}\n`;
}

interface ConllState extends SkipState {
  documents: number;
}

const writer: FormatWriter<ConllState> = {
  init: () => ({ documents: 0, skipped: 0 }),
  write(items, state) {
    const append: StreamText[] = [];
    let text = '';
    for (const { p, content } of annotatedTexts(items, state, append)) {
      text += conllDocument(content, entitiesOf(p.result.shapes, content));
      state.documents += 1;
    }
    if (text) append.push({ stream: 'documents', text });
    return { append, files: [] };
  },
  finish: (state) => ({
    files: [],
    assembled: [{ path: 'annotations.conll', pieces: [{ stream: 'documents' }] }, ...skippedFile(state)],
  }),
};

export const conllFormat: PackFormatDef = {
  id: 'conll',
  fits: (t) => t.mediaKinds.includes('text') && t.shapeTypes.includes('text_entity'),
  writer,
};
