import { createHash } from 'node:crypto';
import { LIMITS } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { FILES_URL_PREFIX } from '../../platform/storage.ts';

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
function decodeDataUrl(dataUrl: string): Buffer {
  const prefix = DATA_URL_PREFIX.exec(dataUrl);
  const payload = prefix ? dataUrl.slice(prefix[0].length) : '';
  if (!prefix || !BASE64.test(payload)) throw new AppError('file_type_wrong');
  return Buffer.from(payload, 'base64');
}

/**
 * Sets the caller's avatar: a JPEG or PNG (by its bytes) of 1 KB to 2 MB, stored under its SHA-256 so the
 * same image is stored once and its URL can be cached forever. Answers the public path.
 */
export async function updateAvatar(ctx: AuthedContext, dataUrl: string): Promise<{ avatar: string }> {
  const bytes = decodeDataUrl(dataUrl);
  const kind = imageKind(bytes);
  if (!kind) throw new AppError('file_type_wrong');
  if (bytes.length < LIMITS.avatar.minBytes || bytes.length > LIMITS.avatar.maxBytes) {
    throw new AppError('file_size_wrong');
  }
  const relativePath = `avatars/${createHash('sha256').update(bytes).digest('hex')}.${kind}`;
  if ((await ctx.deps.storage.sizeOf(relativePath)) !== bytes.length) {
    await ctx.deps.storage.saveFile(relativePath, bytes);
  }
  const avatar = `${FILES_URL_PREFIX}${relativePath}`;
  const { userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    await tx.update(schema.users).set({ avatar, updatedAt: new Date() }).where(eq(schema.users.id, userId));
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId,
      action: 'update_avatar',
      details: { file: relativePath, bytes: bytes.length },
      ip: ctx.ip,
    });
  });
  await notifyUserChanged(ctx.deps, userId);
  return { avatar };
}
