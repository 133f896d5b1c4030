import type { ErrorCode, ProcedurePath } from '@app/contracts';
import { ApiError, type ApiOutput, callHeaders, REQUEST_TIMEOUT_MS } from './api.ts';
import { t } from './i18n.ts';

export interface UploadOptions {
  /** Called with the share sent so far (0 to 100) and the bytes sent. */
  onProgress?: (percent: number, loaded: number) => void;
  signal?: AbortSignal;
  /** Milliseconds before the request counts as timed out (the API's own timeout by default). */
  timeoutMs?: number;
}

/**
 * Sends a multipart upload procedure (one with `upload` in its contract) with XMLHttpRequest (fetch reports no upload
 * progress): the fields first, then the files, with the headers of every call (the session cookie goes by itself).
 */
export function uploadRequest<P extends ProcedurePath>(
  path: P,
  fields: Record<string, string | number | undefined>,
  files: readonly File[],
  options: UploadOptions = {},
): Promise<ApiOutput<P>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new ApiError('aborted', ''));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    for (const [name, value] of Object.entries(callHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100), event.loaded);
    };
    xhr.onload = () => {
      let body: { data?: unknown; error?: ErrorCode; message?: string; details?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        reject(new ApiError('internal_error', t('common:request_error'), xhr.status));
        return;
      }
      if (body.error !== undefined) {
        reject(new ApiError(body.error, body.message ?? t('common:request_error'), xhr.status, body.details));
      } else resolve(body.data as ApiOutput<P>);
    };
    xhr.onerror = () => reject(new ApiError('network_error', t('common:network_error')));
    xhr.ontimeout = () => reject(new ApiError('request_timeout', t('common:request_timeout')));
    xhr.onabort = () => reject(new ApiError('aborted', ''));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
