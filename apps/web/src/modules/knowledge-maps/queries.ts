import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** Every cached answer of this module starts with this key. */
export const KM_KEY = ['knowledge-maps'] as const;

/** Drops the cached maps, nodes, graphs and labels after a write (and the question editors' options). */
export function useKmChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KM_KEY });
}

/** Route paths of this module's pages. */
export const mapDetailPath = (id: number, tab = 'tree') => `/dataset/map-detail/${tab}/${id}`;
export const labelDetailPath = (id: number, tab = 'info') => `/dataset/label-detail/${tab}/${id}`;

/** Reads `{tab?}/{id?}`; a number alone in the first place is the id. */
export function detailParams<T extends string>(params: { tab?: string; id?: string }, tabs: readonly T[]) {
  const [first, second] = [params.tab, params.id];
  const idText = second ?? (first && /^\d+$/.test(first) ? first : undefined);
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : null;
  const tab = tabs.includes(first as T) ? (first as T) : tabs[0]!;
  return { tab, id };
}

/** The map list's filter: `enabled` is 'all' (no filter), 'enabled' or 'disabled'. */
export function mapListQuery(filter: { keyword?: string; enabled: 'all' | 'enabled' | 'disabled' }, paging: Paging) {
  return queryOptions({
    queryKey: [...KM_KEY, 'maps', filter, paging],
    queryFn: ({ signal }) =>
      api(
        '/dataset-map/list',
        {
          keyword: filter.keyword,
          ...paging,
          ...(filter.enabled === 'all' ? {} : { enabled: filter.enabled === 'enabled' }),
        },
        { signal },
      ),
  });
}

/** The first 100 maps, for the node list's map filter. */
export function allMapsQuery() {
  return queryOptions({
    queryKey: [...KM_KEY, 'maps', 'all'],
    queryFn: ({ signal }) => api('/dataset-map/list', { pageSize: 100 }, { signal }),
  });
}

/** One map (`id` null: the address has none; the query is then disabled). */
export function mapDetailQuery(id: number | null) {
  return queryOptions({
    queryKey: [...KM_KEY, 'map', id],
    queryFn: ({ signal }) => api('/dataset-map/detail', { id: id ?? 0 }, { signal }),
  });
}

export function mapGraphQuery(mapId: number) {
  return queryOptions({
    queryKey: [...KM_KEY, 'graph', mapId],
    queryFn: ({ signal }) => api('/dataset-map/graph', { id: mapId }, { signal }),
  });
}

/** The question categories a map can belong to (the question bank's tree, cached under this module's key). */
export function mapCategoriesQuery() {
  return queryOptions({
    queryKey: [...KM_KEY, 'categories'],
    queryFn: ({ signal }) => api('/dataset-category/tree', {}, { signal }),
  });
}

export function nodeTreeQuery(mapId: number) {
  return queryOptions({
    queryKey: [...KM_KEY, 'tree', mapId],
    queryFn: ({ signal }) => api('/dataset-node/tree', { map_id: mapId }, { signal }),
  });
}

export function nodeListQuery(filter: { keyword?: string; map_id?: number; label_id?: number }, paging: Paging) {
  return queryOptions({
    queryKey: [...KM_KEY, 'nodes', filter, paging],
    queryFn: ({ signal }) => api('/dataset-node/list', { ...filter, ...paging }, { signal }),
  });
}

/** The questions linked to a node (`nodeId` null: none chosen; the query is then disabled). */
export function nodeQuestionsQuery(nodeId: number | null, paging: Paging) {
  return queryOptions({
    queryKey: [...KM_KEY, 'node-questions', nodeId, paging],
    queryFn: ({ signal }) => api('/dataset-data/list', { node_id: nodeId ?? 0, ...paging }, { signal }),
  });
}

/** Questions of the bank searched by keyword, to link to a node. */
export function linkCandidatesQuery(keyword: string | undefined, paging: Paging) {
  return queryOptions({
    queryKey: [...KM_KEY, 'link-candidates', keyword, paging],
    queryFn: ({ signal }) => api('/dataset-data/list', { keyword, ...paging }, { signal }),
  });
}

export function labelListQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...KM_KEY, 'labels', filter, paging],
    queryFn: ({ signal }) => api('/dataset-label/list', { ...filter, ...paging }, { signal }),
  });
}

/** One label (`id` null: the address has none; the query is then disabled). */
export function labelDetailQuery(id: number | null) {
  return queryOptions({
    queryKey: [...KM_KEY, 'label', id],
    queryFn: ({ signal }) => api('/dataset-label/detail', { id: id ?? 0 }, { signal }),
  });
}

export function labelOptionsQuery() {
  return queryOptions({
    queryKey: [...KM_KEY, 'label-options'],
    queryFn: ({ signal }) => api('/dataset-label/options', {}, { signal }),
  });
}

export function createMap(input: ApiInput<'/dataset-map/create'>) {
  return api('/dataset-map/create', input);
}

export function updateMap(input: ApiInput<'/dataset-map/update'>) {
  return api('/dataset-map/update', input);
}

export function setMapEnabled(id: number, enabled: boolean) {
  return api(enabled ? '/dataset-map/enable' : '/dataset-map/disable', { id });
}

export function deleteMap(id: number) {
  return api('/dataset-map/delete', { id });
}

export function createNode(input: ApiInput<'/dataset-node/create'>) {
  return api('/dataset-node/create', input);
}

export function updateNode(input: ApiInput<'/dataset-node/update'>) {
  return api('/dataset-node/update', input);
}

export function moveNode(input: ApiInput<'/dataset-node/move'>) {
  return api('/dataset-node/move', input);
}

export function deleteNode(id: number) {
  return api('/dataset-node/delete', { id });
}

export function linkQuestions(input: ApiInput<'/dataset-node/link-questions'>) {
  return api('/dataset-node/link-questions', input);
}

export function unlinkQuestions(input: ApiInput<'/dataset-node/unlink-questions'>) {
  return api('/dataset-node/unlink-questions', input);
}

export function createLabel(input: ApiInput<'/dataset-label/create'>) {
  return api('/dataset-label/create', input);
}

export function updateLabel(input: ApiInput<'/dataset-label/update'>) {
  return api('/dataset-label/update', input);
}

export function deleteLabel(id: number) {
  return api('/dataset-label/delete', { id });
}

/** The maps made for a course (at most 100: a course has a few). */
export function courseMapsQuery(courseId: number) {
  return queryOptions({
    queryKey: [...KM_KEY, 'maps', 'course', courseId],
    queryFn: ({ signal }) => api('/dataset-map/list', { course_id: courseId, pageSize: 100 }, { signal }),
  });
}

/** The courses the caller teaches (every course for a manager), newest first, to choose one for its maps. */
export function myCoursesQuery(keyword: string | undefined) {
  return queryOptions({
    queryKey: [...KM_KEY, 'courses', keyword],
    queryFn: ({ signal }) => api('/dataset-course/list', { keyword, pageSize: 50 }, { signal }),
  });
}

/** The course of the course maps page (its name, the caller's part and state). */
export function mapCourseQuery(courseId: number) {
  return queryOptions({
    queryKey: [...KM_KEY, 'course', courseId],
    queryFn: ({ signal }) => api('/dataset-course/detail', { id: courseId }, { signal }),
  });
}

/**
 * The course maps page: `/teacher/dataset/mapCreate` (the manager's menu has `/manager/...`) with the course, and a
 * map of it to edit (and its tab) or `new` to create one.
 */
export function courseMapsPath(
  base: string,
  courseId?: number,
  extra: { map_id?: number; tab?: string; new?: boolean } = {},
) {
  const search = new URLSearchParams();
  if (courseId !== undefined) search.set('course_id', String(courseId));
  if (extra.map_id !== undefined) search.set('map_id', String(extra.map_id));
  if (extra.tab !== undefined) search.set('tab', extra.tab);
  if (extra.new) search.set('new', '1');
  const query = search.toString();
  return `${base}/dataset/mapCreate${query ? `?${query}` : ''}`;
}
