import { randomUUID } from 'node:crypto';
import { extensionOf, lookupTable } from '@app/contracts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';
import { QUESTION_IMAGE_FOLDER, QUESTION_IMAGE_URL_PREFIX } from './question-html.ts';

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const startsWith = (head: Buffer, magic: number[], at = 0) => magic.every((byte, i) => head[at + i] === byte);

/** The image formats a question may show, each checked by its first bytes (never by the name alone). */
const IMAGE_CHECKS: Readonly<Record<string, (head: Buffer) => boolean>> = lookupTable({
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  jpeg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  webp: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
});

/**
 * `/dataset-data/image-upload`: one jpg, png, gif or webp image (at most 2 MB) stored in the file store under
 * `question-images/<organisation>/`; answers the address the sanitiser accepts in stems, options and analyses
 * (`/api/file/question-images/...`, served to the organisation's signed-in members only).
 */
export async function uploadQuestionImage(ctx: TenantContext, files: IncomingFiles): Promise<{ url: string }> {
  const iterator = files[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new AppError('invalid_input', { fields: 'files: required' }, { fields: [{ field: 'files' }] });
  const { name, stream } = first.value;
  const extension = extensionOf(name);
  const check = IMAGE_CHECKS[extension];
  if (!check) {
    stream.resume();
    throw new AppError('upload_type_wrong', {}, { name, reason: 'type' });
  }
  const fileName = `${randomUUID()}.${extension === 'jpeg' ? 'jpg' : extension}`;
  const relativePath = `${QUESTION_IMAGE_FOLDER}/${ctx.session.siteId}/${fileName}`;
  const storage = ctx.deps.storage;
  try {
    await storage.saveStream(relativePath, stream, {
      maxBytes: files.maxBytes,
      headBytes: 16,
      inspect: (head) => {
        if (!check(head)) throw new AppError('upload_type_wrong', {}, { name, reason: 'mismatch' });
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'upload_too_large') {
      throw new AppError('upload_too_large', {}, { name, max_bytes: files.maxBytes });
    }
    throw error;
  }
  try {
    if (!(await iterator.next()).done) throw new AppError('file_count_wrong', { max: 1 });
  } catch (error) {
    await storage.remove([relativePath]);
    throw error;
  }
  return { url: `${QUESTION_IMAGE_URL_PREFIX}${ctx.session.siteId}/${fileName}` };
}
