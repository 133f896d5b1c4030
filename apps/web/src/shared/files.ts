import type { TFilePayload } from '@app/contracts';

/** Saves a file the server sent as base64 (export, template) through a temporary link. */
export function saveFile(file: TFilePayload): void {
  const bytes = Uint8Array.from(atob(file.content_base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a chosen file as a data URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Import files: .csv, .xls or .xlsx, at most 5 MB (the server checks the bytes as well). */
export const IMPORT_ACCEPT = '.csv,.xls,.xlsx';
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export function importFileProblem(file: {
  name: string;
  size: number;
}): 'import_file_type' | 'import_file_size' | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!['csv', 'xls', 'xlsx'].includes(extension)) return 'import_file_type';
  if (file.size === 0 || file.size > IMPORT_MAX_BYTES) return 'import_file_size';
  return null;
}
