import type { FileStorage } from '../../platform/storage.ts';

/** Bytes read from the start of an image file to find its size (JPEG's frame header may follow large EXIF data). */
const HEAD_BYTES = 256 * 1024;

/** Width and height from the header of a PNG, JPEG, GIF, WebP or BMP file, or null when it is none of them. */
export function imageSizeOf(b: Buffer): { width: number; height: number } | null {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('ascii', 12, 16) === 'IHDR') {
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 10 && b.toString('ascii', 0, 3) === 'GIF')
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b.length >= 26 && b.toString('ascii', 0, 2) === 'BM') {
    return { width: b.readInt32LE(18), height: Math.abs(b.readInt32LE(22)) };
  }
  if (b.length >= 30 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = b.toString('ascii', 12, 16);
    if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1]!;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      const length = b.readUInt16BE(at + 2);
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) return { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
      at += 2 + length;
    }
  }
  return null;
}

/** The size of a stored image file (reads its first bytes only), or null when unknown. */
export async function readImageSize(
  storage: FileStorage,
  key: string,
): Promise<{ width: number; height: number } | null> {
  const head = await storage.readBytes(key, HEAD_BYTES).catch(() => null);
  return head ? imageSizeOf(head) : null;
}
