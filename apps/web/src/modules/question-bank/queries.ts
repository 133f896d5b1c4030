import type { TQuestionCategoryNode, TQuestionFilter } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiInput, api, callHeaders } from '../../shared/api.ts';
import { t } from '../../shared/i18n.ts';
import type { Paging } from '../../shared/list-paging.ts';

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
  return queryOptions({
    queryKey: [...QB_KEY, 'category-tree', passedOnly],
    queryFn: ({ signal }) => api('/dataset-category/tree', { passed_only: passedOnly }, { signal }),
  });
}

/** The caller's private categories (`/self-data/category`). */
export function privateCategoryTreeQuery() {
  return queryOptions({
    queryKey: [...QB_KEY, 'private-category-tree'],
    queryFn: ({ signal }) => api('/self-data/category-tree', {}, { signal }),
  });
}

export function categoryDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...QB_KEY, 'category', id],
    queryFn: ({ signal }) => api('/dataset-category/detail', { id }, { signal }),
  });
}

/** Categories waiting for review. */
export function categoryQueueQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...QB_KEY, 'category-queue', filter, paging],
    queryFn: ({ signal }) =>
      api('/dataset-category/list', { review_status: 'unreviewed', ...filter, ...paging }, { signal }),
  });
}

export function questionListQuery(query: TQuestionFilter & { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...QB_KEY, 'questions', query, paging],
    queryFn: ({ signal }) => api('/dataset-data/list', { ...query, ...paging }, { signal }),
  });
}

/** Questions waiting for review, of one category or of all. */
export function questionQueueQuery(categoryId: number | undefined, filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...QB_KEY, 'question-queue', categoryId, filter, paging],
    queryFn: ({ signal }) =>
      api(
        '/dataset-data/list',
        { review_status: 'unreviewed', category_id: categoryId, ...filter, ...paging },
        { signal },
      ),
  });
}

/**
 * The first 20 passed questions matching `keyword`, under the caller's key `scope`; with `autoGraded` only those a
 * machine grades (practice).
 */
export function passedQuestionSearchQuery(
  scope: readonly unknown[],
  keyword: string,
  autoGraded = false,
  privateOnly = false,
) {
  const filter = {
    ...(privateOnly ? { private_only: true } : { review_status: 'passed' as const }),
    keyword: keyword || undefined,
    auto_graded: autoGraded || undefined,
  };
  return queryOptions({
    queryKey: [...scope, 'question-search', keyword, autoGraded, privateOnly],
    queryFn: ({ signal }) => api('/dataset-data/list', { ...filter, pageSize: 20 }, { signal }),
  });
}

/** Questions still waiting for review (only the total is shown), under the caller's key `scope`. */
export function waitingQuestionsQuery(scope: readonly unknown[], autoGraded = false) {
  const filter = { review_status: 'unreviewed' as const, auto_graded: autoGraded || undefined };
  return queryOptions({
    queryKey: [...scope, 'questions-waiting', autoGraded],
    queryFn: ({ signal }) => api('/dataset-data/list', { ...filter, pageSize: 10 }, { signal }),
  });
}

export function questionDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...QB_KEY, 'question', id],
    queryFn: ({ signal }) => api('/dataset-data/detail', { id }, { signal }),
  });
}

/** A question's edit history, newest first. */
export function questionRecordsQuery(id: number, paging: Paging) {
  return queryOptions({
    queryKey: [...QB_KEY, 'records', id, paging],
    queryFn: ({ signal }) => api('/dataset-data/records', { id, ...paging }, { signal }),
  });
}

/** The questions whose stems are like the one of `id`, at or above `threshold`. */
export function similarQuestionsQuery(id: number, threshold: number, paging: Paging) {
  return queryOptions({
    queryKey: [...QB_KEY, 'similar', id, threshold, paging],
    queryFn: ({ signal }) => api('/dataset-data/similar', { id, threshold, ...paging }, { signal }),
  });
}

/** Pairs of near-duplicate questions in the whole bank at or above `threshold`. */
export function similarPairsQuery(threshold: number, paging: Paging) {
  return queryOptions({
    queryKey: [...QB_KEY, 'similar-pairs', threshold, paging],
    queryFn: ({ signal }) => api('/dataset-data/similar', { threshold, ...paging }, { signal }),
  });
}

/** Keyword searches run over the question bank, newest first. */
export function searchRecordsQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...QB_KEY, 'search-records', filter, paging],
    queryFn: ({ signal }) => api('/dataset-data/search-records', { ...filter, ...paging }, { signal }),
  });
}

export function labelOptionsQuery() {
  return queryOptions({
    queryKey: [...QB_KEY, 'label-options'],
    queryFn: async ({ signal }) => (await api('/dataset-label/options', {}, { signal })).list,
  });
}

/** The knowledge maps with their nodes. */
export function mapOptionsQuery() {
  return queryOptions({
    queryKey: [...QB_KEY, 'map-options'],
    queryFn: async ({ signal }) => (await api('/dataset-map/options', {}, { signal })).list,
  });
}

export function createCategory(input: ApiInput<'/dataset-category/create'>) {
  return api('/dataset-category/create', input);
}

export function updateCategory(input: ApiInput<'/dataset-category/update'>) {
  return api('/dataset-category/update', input);
}

/** The caller's private categories (`/self-data/category`) and submitting their questions for review. */
export const privateCategories = {
  create: (input: ApiInput<'/self-data/category-create'>) => api('/self-data/category-create', input),
  update: (input: ApiInput<'/self-data/category-update'>) => api('/self-data/category-update', input),
  delete: (id: number) => api('/self-data/category-delete', { id }),
  submit: (ids: number[], categoryId: number) => api('/self-data/submit', { ids, category_id: categoryId }),
};

export function deleteCategory(id: number) {
  return api('/dataset-category/delete', { id });
}

export function verifyCategories(input: ApiInput<'/dataset-category/verify'>) {
  return api('/dataset-category/verify', input);
}

/** Saves a new question; answers it with the near-duplicates the server found. */
export function createQuestion(input: ApiInput<'/dataset-data/create'>) {
  return api('/dataset-data/create', input);
}

/** Saves a changed question; answers it with the near-duplicates the server found. */
export function updateQuestion(input: ApiInput<'/dataset-data/update'>) {
  return api('/dataset-data/update', input);
}

export function deleteQuestions(ids: number[]) {
  return api('/dataset-data/delete', { ids });
}

export function verifyQuestions(input: ApiInput<'/dataset-data/verify'>) {
  return api('/dataset-data/verify', input);
}

/** The questions of a list filter as a file in `format` (with how many were skipped). */
export function exportQuestions(input: ApiInput<'/dataset-data/export'>) {
  return api('/dataset-data/export', input);
}

/** A TreeSelect / Tree node of a category; categories not passed are disabled where only passed ones may be chosen. */
export interface CategoryTreeOption {
  value: number;
  title: string;
  key: number;
  disabled?: boolean;
  selectable?: boolean;
  children?: CategoryTreeOption[];
}

/** The heading node above the caller's private categories in a category picker (not itself a category). */
export const PRIVATE_GROUP = -1;

/** The categories a question may be filed in: the bank's passed ones, then the caller's private ones under a heading. */
export function fileableCategoryOptions(
  bank: readonly TQuestionCategoryNode[],
  own: readonly TQuestionCategoryNode[],
  privateTitle: string,
): CategoryTreeOption[] {
  const options = categoryOptions(bank, { passedOnly: true });
  if (own.length === 0) return options;
  const group = { value: PRIVATE_GROUP, key: PRIVATE_GROUP, title: privateTitle, selectable: false };
  return [...options, { ...group, children: categoryOptions(own) }];
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
