import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentTypeOf, FILES_URL_PREFIX, type FileStorage, isStorageKey, PUBLIC_FOLDERS } from './storage.ts';

/** A byte range of a `Range: bytes=...` header against a file size: null = the whole file (no or ignored header). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a stored file with its content type, honouring a single byte range (206 with `content-range`, 416 when
 * unsatisfiable); `accept-ranges: bytes` always. The file may be served inline (media) or as a download; a download
 * redirects to a presigned URL on the store when it gives one (`FileStorage.downloadUrl`).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  relativePath: string,
  options: { cacheControl: string; disposition?: { type: 'inline' | 'attachment'; name: string } },
): Promise<FastifyReply | undefined> {
  const size = await storage.sizeOf(relativePath);
  if (size === null) {
    reply.callNotFound();
    return;
  }
  if (options.disposition?.type === 'attachment') {
    // Straight from the store when browsers can reach it: large downloads do not pass through this server.
    const url = await storage.downloadUrl(relativePath, options.disposition.name);
    if (url) return reply.header('cache-control', 'private, no-store').redirect(url, 302);
  }
  reply
    .type(contentTypeOf(relativePath))
    .header('accept-ranges', 'bytes')
    .header('cache-control', options.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; media-src 'self'; sandbox");
  if (options.disposition) {
    const { type, name } = options.disposition;
    reply.header('content-disposition', `${type}; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).header('content-length', 0).send('');
  }
  if (!range) return reply.header('content-length', size).send(await storage.openRead(relativePath));
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await storage.openRead(relativePath, range));
}

/**
 * `GET /files/*`: the files of PUBLIC_FOLDERS with a year-long cache (stored names are content hashes, so a name
 * never changes content). Any other folder, and malformed or escaping paths, answer 404: private files are served
 * only by the routes that check the caller (`/api/file/...`).
 */
export function registerFilesRoute(app: FastifyInstance, storage: FileStorage): void {
  const isPublic = (folder: string) => (PUBLIC_FOLDERS as readonly string[]).includes(folder);
  app.get(`${FILES_URL_PREFIX}*`, async (request, reply) => {
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    if (!isPublic(relative.split('/')[0] ?? '') || !isStorageKey(relative)) return reply.callNotFound();
    return sendStoredFile(request, reply, storage, relative, {
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });
}
