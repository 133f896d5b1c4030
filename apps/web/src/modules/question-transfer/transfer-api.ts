import type { TQuestionImportFormat, TQuestionImportReport } from '@app/contracts';
import { ApiError, callHeaders, REQUEST_TIMEOUT_MS } from '../../shared/api.ts';
import { t } from '../../shared/i18n.ts';

/** File name endings the import takes (the server checks the content as well). */
export const IMPORT_EXTENSIONS = ['xlsx', 'csv', 'txt', 'gift', 'xml'] as const;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Sends `/dataset-data/import` (multipart: the fields, then the file; the headers of every call) and answers the
 * per-question report.
 */
export async function importQuestionsFile(
  categoryId: number,
  format: TQuestionImportFormat | undefined,
  file: File,
): Promise<TQuestionImportReport> {
  const form = new FormData();
  form.append('category_id', String(categoryId));
  if (format) form.append('format', format);
  form.append('files', file, file.name);
  const headers = callHeaders();
  let response: Response;
  try {
    response = await fetch('/api/dataset-data/import', {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError('network_error', t('common:network_error'), 0, error);
  }
  let body: { data?: TQuestionImportReport; error?: ApiError['code']; message?: string; details?: unknown };
  try {
    body = await response.json();
  } catch {
    throw new ApiError('internal_error', t('common:request_error'), response.status);
  }
  if (body.error !== undefined || !body.data) {
    throw new ApiError(
      body.error ?? 'internal_error',
      body.message ?? t('common:request_error'),
      response.status,
      body.details,
    );
  }
  return body.data;
}
