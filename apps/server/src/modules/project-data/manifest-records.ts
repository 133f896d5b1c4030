import type { Readable } from 'node:stream';
import { DATA_FILE_KINDS, DATA_LIMITS, extensionOf, type TDataFailureReason } from '@app/contracts';
import Papa from 'papaparse';
import type { NewItem } from './add-items.ts';

/** One manifest record: its fields, or why its line could not be read. */
export type ManifestRecord =
  | { line: number; fields: Record<string, unknown>; bytes: number }
  | { line: number; reason: TDataFailureReason };

const MAX_LINE_BYTES = 1024 * 1024;
const MAX_URL = 2048;

/**
 * The lines of a stream, numbered from 1, without holding more than one line: a line longer than 1 MB is given as
 * null (reported as too long) and its bytes dropped.
 */
export async function* lines(stream: Readable): AsyncGenerator<{ line: number; text: string | null; bytes: number }> {
  let parts: Buffer[] = [];
  let length = 0;
  let overlong = false;
  let line = 0;
  const finish = (chunk: Buffer) => {
    line += 1;
    const bytes = length + chunk.length;
    let text: string | null = null;
    if (!overlong && bytes <= MAX_LINE_BYTES) {
      text = Buffer.concat([...parts, chunk]).toString('utf8');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (line === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    }
    parts = [];
    length = 0;
    overlong = false;
    return { line, text, bytes };
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    let newline = chunk.indexOf(0x0a, start);
    while (newline !== -1) {
      yield finish(chunk.subarray(start, newline));
      start = newline + 1;
      newline = chunk.indexOf(0x0a, start);
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0) continue;
    length += rest.length;
    if (length > MAX_LINE_BYTES) {
      overlong = true;
      parts = [];
    } else parts.push(rest);
  }
  if (length > 0 || overlong) yield finish(Buffer.alloc(0));
}

/** PostgreSQL text and jsonb cannot hold NUL characters, raw or escaped. */
const hasNul = (text: string) => text.includes('\0') || text.includes('\\u0000');

/** JSONL: one JSON object per line; blank lines are skipped. */
export async function* jsonlRecords(stream: Readable): AsyncGenerator<ManifestRecord> {
  for await (const { line, text, bytes } of lines(stream)) {
    if (text === null) {
      yield { line, reason: 'too_long' };
      continue;
    }
    if (text.trim() === '') continue;
    if (hasNul(text)) {
      yield { line, reason: 'json' };
      continue;
    }
    try {
      const value: unknown = JSON.parse(text);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) yield { line, reason: 'json' };
      else yield { line, fields: value as Record<string, unknown>, bytes };
    } catch {
      yield { line, reason: 'json' };
    }
  }
}

/**
 * CSV with a header row (line 1): each line is parsed on its own, so line numbers are exact; a field may not hold
 * a line break. A row whose field count differs from the header's is refused.
 */
export async function* csvRecords(stream: Readable): AsyncGenerator<ManifestRecord> {
  let header: string[] | null = null;
  for await (const { line, text, bytes } of lines(stream)) {
    if (text === null) {
      yield { line, reason: 'too_long' };
      continue;
    }
    if (text.trim() === '') continue;
    if (hasNul(text)) {
      yield { line, reason: 'csv' };
      continue;
    }
    const parsed = Papa.parse<string[]>(text, { header: false });
    const cells = parsed.data[0];
    if (parsed.errors.length > 0 || !cells) {
      yield { line, reason: 'csv' };
      continue;
    }
    if (!header) {
      header = cells.map((cell) => cell.trim());
      continue;
    }
    if (cells.length !== header.length) {
      yield { line, reason: 'csv' };
      continue;
    }
    const fields: Record<string, unknown> = {};
    header.forEach((name, i) => {
      if (name !== '' && cells[i] !== '') fields[name] = cells[i];
    });
    yield { line, fields, bytes };
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function validUrl(value: string): boolean {
  if (value.length > MAX_URL) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A record becomes an item: `url` (http or https) and/or `text` are required; every field but `url` is kept in
 * the payload. The name is the record's `name`, else the last part of its URL, else `#<line>`; the kind follows
 * the URL's extension where it names a media type, else `record`.
 */
export function recordItem(fields: Record<string, unknown>, line: number, bytes: number): NewItem | TDataFailureReason {
  const { url, ...payload } = fields;
  const text = fields.text;
  const hasUrl = url !== undefined && url !== null && url !== '';
  const hasText = typeof text === 'string' && text.trim() !== '';
  if (hasUrl && (typeof url !== 'string' || !validUrl(url))) return 'url_invalid';
  if (!hasUrl && !hasText) return 'no_url_or_text';
  const address = hasUrl ? (url as string) : null;
  const path = address ? new URL(address).pathname : '';
  const lastPart = safeDecode(path.slice(path.lastIndexOf('/') + 1));
  const named = typeof fields.name === 'string' && fields.name.trim() ? fields.name.trim() : lastPart || `#${line}`;
  return {
    kind: (address && DATA_FILE_KINDS[extensionOf(path)]) || 'record',
    name: named.slice(0, DATA_LIMITS.nameMax),
    url: address,
    payload,
    size: bytes,
  };
}
