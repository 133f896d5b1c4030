import type { TTeachingSource, TTeachingSourceUpload } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import { uploadRequest } from '../../shared/upload-request.ts';

/** Every cached answer of the teaching sources (the library's pages, details, the pickers' lists). */
export const TEACHING_SOURCES_KEY = ['teaching-sources'] as const;

/** Drops the cached teaching sources after a write (an upload finished, a rename, a delete). */
export function useTeachingSourcesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TEACHING_SOURCES_KEY });
}

export interface TeachingSourceFilter {
  kind?: TTeachingSource['kind'];
  keyword?: string;
  scope: 'mine' | 'all';
}

export function teachingSourcesQuery(filter: TeachingSourceFilter, paging: Paging) {
  return queryOptions({
    queryKey: [...TEACHING_SOURCES_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/dataset-source/list', { ...filter, ...paging }, { signal }),
  });
}

export function teachingSourceQuery(id: number) {
  return queryOptions({
    queryKey: [...TEACHING_SOURCES_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/dataset-source/detail', { id }, { signal }),
  });
}

/** The picker's choices: the caller's own sources of a kind, searched by title or file name (the first 100). */
export function teachingSourceOptionsQuery(kind: TTeachingSource['kind'] | undefined, keyword: string) {
  return queryOptions({
    queryKey: [...TEACHING_SOURCES_KEY, 'options', kind, keyword],
    queryFn: ({ signal }) =>
      api(
        '/dataset-source/list',
        { kind, keyword: keyword || undefined, scope: 'mine', page: 1, pageSize: 100 },
        { signal },
      ),
  });
}

export function renameTeachingSource(id: number, title: string) {
  return api('/dataset-source/update', { id, title });
}

export function deleteTeachingSource(id: number) {
  return api('/dataset-source/delete', { id });
}

/** Starts an upload, or resumes the caller's unfinished one of the same name and size (its parts listed). */
export function startSourceUpload(file: { name: string; size: number }, signal?: AbortSignal) {
  return api('/dataset-source/upload-start', { file_name: file.name, size: file.size }, { signal });
}

export function finishSourceUpload(uploadId: number, signal?: AbortSignal): Promise<TTeachingSource> {
  return api('/dataset-source/upload-finish', { upload_id: uploadId }, { signal });
}

/**
 * Sends one part of an upload (`/dataset-source/upload-part`, multipart: upload_id, seq, then the bytes) with the
 * shared upload sender, which reports progress; `onProgress` gets the bytes of this part sent. A part is at most
 * 8 MiB: five minutes allow a slow line (about 30 KB/s); a part that takes longer is retried.
 */
export function sendSourcePart(
  uploadId: number,
  seq: number,
  part: Blob,
  fileName: string,
  options: { onProgress?: (loaded: number) => void; signal?: AbortSignal } = {},
): Promise<TTeachingSourceUpload> {
  return uploadRequest('/dataset-source/upload-part', { upload_id: uploadId, seq }, [new File([part], fileName)], {
    onProgress: (_percent, loaded) => options.onProgress?.(loaded),
    signal: options.signal,
    timeoutMs: 5 * 60_000,
  });
}
