import { createHash } from 'node:crypto';
import { LIMITS } from '@app/contracts';
import { AppError } from './errors.ts';
import { FILES_URL_PREFIX, type FileStorage, type TPublicFolder } from './storage.ts';

const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

/** The image kind by its first bytes (whatever the declared type or file name says), or null. */
export function imageKind(bytes: Uint8Array): 'png' | 'jpg' | null {
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, JPEG_MAGIC)) return 'jpg';
  return null;
}

/** Decodes a base64 data URL; anything else is not an image the server accepts. */
export function decodeDataUrl(dataUrl: string): Buffer {
  const prefix = DATA_URL_PREFIX.exec(dataUrl);
  const payload = prefix ? dataUrl.slice(prefix[0].length) : '';
  if (!prefix || !BASE64.test(payload)) throw new AppError('file_type_wrong');
  return Buffer.from(payload, 'base64');
}

export interface StoredImage {
  /** Path inside the file store (`<folder>/<sha256>.<png|jpg>`). */
  relativePath: string;
  /** Public path it is served at (`/files/...`). */
  url: string;
  bytes: number;
}

/**
 * Stores an uploaded image (a data URL) under a public `folder`: a JPEG or PNG by its bytes, 1 KB to 2 MB (the avatar
 * rules), named by its SHA-256 so the same image is stored once and its URL can be cached forever.
 * Answers `file_type_wrong` or `file_size_wrong` otherwise, and stores nothing.
 */
export async function storeImage(storage: FileStorage, folder: TPublicFolder, dataUrl: string): Promise<StoredImage> {
  const bytes = decodeDataUrl(dataUrl);
  const kind = imageKind(bytes);
  if (!kind) throw new AppError('file_type_wrong');
  if (bytes.length < LIMITS.avatar.minBytes || bytes.length > LIMITS.avatar.maxBytes) {
    throw new AppError('file_size_wrong');
  }
  const relativePath = `${folder}/${createHash('sha256').update(bytes).digest('hex')}.${kind}`;
  if ((await storage.sizeOf(relativePath)) !== bytes.length) await storage.saveFile(relativePath, bytes);
  return { relativePath, url: `${FILES_URL_PREFIX}${relativePath}`, bytes: bytes.length };
}
