import { lookupTable } from '@app/contracts';

/**
 * What a file is by its first bytes, where its format has a signature (images, archives, audio, video, point
 * cloud headers, office documents): project data and teaching sources check their uploads with it; text formats
 * must be UTF-8 without NUL bytes. The file name alone is
 * never trusted: a name whose bytes say otherwise is refused.
 */
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const startsWith = (head: Buffer, magic: number[], at = 0) => magic.every((byte, i) => head[at + i] === byte);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = ascii('PK\x03\x04');
const EMPTY_ZIP = ascii('PK\x05\x06');
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // `stream: true` lets a character cut at the end of the head pass.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function isMp3(head: Buffer): boolean {
  if (startsWith(head, ascii('ID3'))) return true;
  return head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0;
}

/** A PCD header: optional `#` comment lines, then `VERSION` (or `FIELDS` in old files). */
function isPcd(head: Buffer): boolean {
  const text = head.toString('latin1');
  const firstLine = text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('#'));
  return firstLine !== undefined && /^(VERSION|FIELDS)\s/.test(`${firstLine} `);
}

const CHECKS: Readonly<Record<string, (head: Buffer) => boolean>> = lookupTable({
  jpg: (h) => startsWith(h, JPEG),
  jpeg: (h) => startsWith(h, JPEG),
  png: (h) => startsWith(h, PNG),
  gif: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  webp: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  wav: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WAVE'), 8),
  mp3: isMp3,
  ogg: (h) => startsWith(h, ascii('OggS')),
  m4a: (h) => startsWith(h, ascii('ftyp'), 4),
  mp4: (h) => startsWith(h, ascii('ftyp'), 4),
  webm: (h) => startsWith(h, EBML),
  avi: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('AVI '), 8),
  mkv: (h) => startsWith(h, EBML),
  mov: (h) => startsWith(h, ascii('ftyp'), 4) || startsWith(h, ascii('moov'), 4) || startsWith(h, ascii('wide'), 4),
  pcd: isPcd,
  // KITTI-style raw float32 points: no signature (the size is checked by `sizeFits`).
  bin: () => true,
  txt: isText,
  csv: isText,
  jsonl: isText,
  zip: (h) => startsWith(h, ZIP) || startsWith(h, EMPTY_ZIP),
  docx: (h) => startsWith(h, ZIP),
  pptx: (h) => startsWith(h, ZIP),
  xlsx: (h) => startsWith(h, ZIP),
  odt: (h) => startsWith(h, ZIP),
  odp: (h) => startsWith(h, ZIP),
  ods: (h) => startsWith(h, ZIP),
  doc: (h) => startsWith(h, OLE2),
  ppt: (h) => startsWith(h, OLE2),
  xls: (h) => startsWith(h, OLE2),
  // Readers take the header anywhere in the first kilobyte (some writers put bytes before it).
  pdf: (h) => h.subarray(0, 1024).includes('%PDF-'),
});

/** Whether the first bytes fit the extension; unknown extensions never fit. */
export function bytesFit(extension: string, head: Buffer): boolean {
  return CHECKS[extension]?.(head) ?? false;
}

/** Whether the full size fits the format (raw point clouds are float32 values). */
export function sizeFits(extension: string, bytes: number): boolean {
  if (bytes === 0) return false;
  return extension === 'bin' ? bytes % 4 === 0 : true;
}
