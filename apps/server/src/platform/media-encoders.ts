import { crc32, deflateSync } from 'node:zlib';

/**
 * Media files written in code, byte for byte (PNG, WAV, PCD): the demo projects' sample media and the tests'
 * fixtures are made with these, so nothing binary needs downloading or checking in.
 */

export type Rgb = readonly [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG whose pixel colours come from `paint`. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowStart = y * (width * 3 + 1);
    rows[rowStart] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      rows.set([r, g, b], rowStart + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 16-bit mono PCM WAV of tones (one per segment), each followed by `gapSeconds` of silence. */
export function toneWav(
  segments: readonly { hz: number; seconds: number }[],
  { sampleRate = 16_000, gapSeconds = 0.3 } = {},
): Buffer {
  const gap = Math.floor(sampleRate * gapSeconds);
  const total = segments.reduce((sum, s) => sum + Math.floor(s.seconds * sampleRate) + gap, 0);
  const wav = Buffer.alloc(44 + total * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + total * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(total * 2, 40);
  let offset = 44;
  for (const segment of segments) {
    const count = Math.floor(segment.seconds * sampleRate);
    for (let i = 0; i < count; i++) {
      const fade = Math.min(1, i / 400, (count - i) / 400);
      wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * segment.hz * i) / sampleRate) * 9000 * fade), offset);
      offset += 2;
    }
    offset += gap * 2;
  }
  return wav;
}

/** An ASCII PCD file of the given points. */
export function encodePcd(points: readonly (readonly [number, number, number])[]): Buffer {
  const header = [
    '# .PCD v0.7 - Point Cloud Data file format',
    'VERSION 0.7',
    'FIELDS x y z',
    'SIZE 4 4 4',
    'TYPE F F F',
    'COUNT 1 1 1',
    `WIDTH ${points.length}`,
    'HEIGHT 1',
    'VIEWPOINT 0 0 0 1 0 0 0',
    `POINTS ${points.length}`,
    'DATA ascii',
  ];
  const lines = points.map(([x, y, z]) => `${x.toFixed(3)} ${y.toFixed(3)} ${z.toFixed(3)}`);
  return Buffer.from(`${[...header, ...lines].join('\n')}\n`, 'utf8');
}
