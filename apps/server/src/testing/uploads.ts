import { randomBytes } from 'node:crypto';
import type { ProcedurePath } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { CallOutput, CallResult } from './test-app.ts';

export interface UploadFile {
  name: string;
  content: Buffer;
  type?: string;
}

/** A multipart/form-data body: the fields first, then the files (as the upload procedures expect). */
export function multipartBody(fields: Record<string, unknown>, files: UploadFile[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          `content-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs the upload procedure at `path` as an API client does (token in the `access-token` header); `data` is typed by its contract. */
export function upload<P extends ProcedurePath>(
  app: FastifyInstance,
  path: P,
  fields: Record<string, unknown>,
  files: UploadFile[],
  options: { token?: string; lang?: string } = {},
): Promise<CallResult<CallOutput<P>>> {
  // The body is the server's JSON, which it checks against the procedure's output schema (createTestApp).
  return uploadPath(app, path, fields, files, options) as Promise<CallResult<CallOutput<P>>>;
}

/** `upload` for a path known only at run time (generated tests over the catalogue), `data` untyped. */
export async function uploadPath(
  app: FastifyInstance,
  path: string,
  fields: Record<string, unknown>,
  files: UploadFile[],
  options: { token?: string; lang?: string } = {},
): Promise<CallResult<unknown>> {
  const { payload, contentType } = multipartBody(fields, files);
  const headers: Record<string, string> = { 'content-type': contentType, 'accept-language': options.lang ?? 'en-US' };
  if (options.token) headers['access-token'] = options.token;
  const response = await app.inject({ method: 'POST', url: `/api${path}`, headers, payload });
  return { status: response.statusCode, body: response.json() };
}
