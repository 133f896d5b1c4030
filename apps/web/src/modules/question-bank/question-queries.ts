import type { TQuestionCategoryNode } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, api, callHeaders } from '../../shared/api.ts';
import { t } from '../../shared/i18n.ts';

/** Every cached answer of the question bank (categories, questions, records) sits under this key. */
export const QB_KEY = ['question-bank'] as const;

/** A record just deleted: the answers about it are not fetched again (they would only say not_found). */
export interface Gone {
  kind: 'question' | 'category';
  id: number;
}

function aboutGone(key: readonly unknown[], gone: Gone): boolean {
  const [, what, arg] = key;
  if (gone.kind === 'question')
    return (what === 'question' || what === 'records' || what === 'similar') && arg === gone.id;
  if (what === 'category') return arg === gone.id;
  return what === 'questions' && (arg as { category_id?: number } | undefined)?.category_id === gone.id;
}

/**
 * Drops the cached question-bank answers after a write (lists, trees, details, statistics). After a delete, pages
 * about the deleted record that stay open in other tabs are left as they are rather than asked again.
 */
export function useQuestionBankChanged() {
  const queryClient = useQueryClient();
  return (gone?: Gone) =>
    queryClient.invalidateQueries({
      queryKey: QB_KEY,
      ...(gone ? { predicate: (query) => !aboutGone(query.queryKey, gone) } : {}),
    });
}

export function categoryTreeQuery(passedOnly: boolean) {
  return {
    queryKey: [...QB_KEY, 'category-tree', passedOnly],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api('/dataset-category/tree', { passed_only: passedOnly }, { signal }),
  };
}

export function questionDetailQuery(id: number) {
  return {
    queryKey: [...QB_KEY, 'question', id],
    queryFn: ({ signal }: { signal: AbortSignal }) => api('/dataset-data/detail', { id }, { signal }),
  };
}

/** A TreeSelect / Tree node of a category; categories not passed are disabled where only passed ones may be chosen. */
export interface CategoryTreeOption {
  value: number;
  title: string;
  key: number;
  disabled?: boolean;
  children?: CategoryTreeOption[];
}

export function categoryOptions(
  nodes: readonly TQuestionCategoryNode[],
  options: { exclude?: number; passedOnly?: boolean } = {},
): CategoryTreeOption[] {
  return nodes
    .filter((node) => node.id !== options.exclude)
    .map((node) => {
      const children = categoryOptions(node.children, options);
      return {
        value: node.id,
        key: node.id,
        title: node.name,
        ...(options.passedOnly && node.review_status !== 'passed' ? { disabled: true } : {}),
        ...(children.length ? { children } : {}),
      };
    });
}

/** Finds a category node by id anywhere in the tree. */
export function findCategory(nodes: readonly TQuestionCategoryNode[], id: number): TQuestionCategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findCategory(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Uploads one image for a stem, option or analysis (`/dataset-data/image-upload`, multipart with the headers of
 * every call); answers its address.
 */
export async function uploadQuestionImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('files', file, file.name);
  const headers = callHeaders();
  let response: Response;
  try {
    response = await fetch('/api/dataset-data/image-upload', { method: 'POST', headers, body: form });
  } catch (error) {
    throw new ApiError('network_error', t('common:network_error'), 0, error);
  }
  let body: { data?: { url: string }; error?: ApiError['code']; message?: string; details?: unknown };
  try {
    body = await response.json();
  } catch {
    throw new ApiError('internal_error', t('common:request_error'), response.status);
  }
  if (body.error !== undefined || !body.data) {
    throw new ApiError(body.error ?? 'internal_error', body.message ?? t('common:request_error'), response.status);
  }
  return body.data.url;
}
