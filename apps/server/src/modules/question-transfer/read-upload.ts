import { AppError } from '../../platform/errors.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';

/** The one file of an upload, read whole (the multipart limit stops a larger one with upload_too_large). */
export async function readOneFile(files: IncomingFiles): Promise<{ name: string; bytes: Buffer }> {
  const iterator = files[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new AppError('invalid_input', { fields: 'files: required' }, { fields: [{ field: 'files' }] });
  const { name, stream } = first.value;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > files.maxBytes) throw new AppError('upload_too_large', {}, { name, max_bytes: files.maxBytes });
    chunks.push(chunk as Buffer);
  }
  if (!(await iterator.next()).done) throw new AppError('file_count_wrong', { max: 1 });
  return { name, bytes: Buffer.concat(chunks) };
}
