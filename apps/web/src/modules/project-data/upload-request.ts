import type { ErrorCode, ProcedurePath } from '@app/contracts';
import { ApiError, type ApiOutput, callHeaders, REQUEST_TIMEOUT_MS } from '../../shared/api.ts';
import { t } from '../../shared/i18n.ts';

type UploadPath = Extract<ProcedurePath, '/data/upload' | '/project/attachment-upload'>;

export interface UploadOptions {
  /** Called with the share sent so far (0 to 100). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart upload procedure with XMLHttpRequest (fetch reports no upload progress): the fields first,
 * then the files, with the headers of every call (the session cookie goes by itself).
 */
export function uploadRequest<P extends UploadPath>(
  path: P,
  fields: Record<string, string | number | undefined>,
  files: readonly File[],
  options: UploadOptions = {},
): Promise<ApiOutput<P>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    for (const [name, value] of Object.entries(callHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
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
