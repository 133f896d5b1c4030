import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, type ApiOutput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** One dictionary of the `/dict/list` answer. */
export type DictRow = ApiOutput<'/dict/list'>['list'][number];

/** Query key prefix of the dictionaries list and their items; invalidated after every change. */
export const DICTS_KEY = ['system', 'dicts'];
/** Query key prefix of the setting entries (the built-in ones included); invalidated after every change. */
export const SETTINGS_KEY = ['system', 'settings'];
export const ANNOUNCEMENTS_KEY = ['system', 'announcements'];

/** The organisations to pick from (the first 100), shared by the settings, announcements and logs. */
export function siteOptionsQuery() {
  return queryOptions({
    queryKey: ['system', 'site-options'],
    queryFn: ({ signal }) => api('/site/list', { pageSize: 100 }, { signal }),
  });
}

// Setting entries.

export function settingsQuery(filter: { keyword?: string; scope: 'all' | 'platform' }, paging: Paging) {
  return queryOptions({
    queryKey: [...SETTINGS_KEY, filter, paging],
    queryFn: ({ signal }) =>
      api(
        '/setting/list',
        { keyword: filter.keyword, ...(filter.scope === 'platform' ? { site_id: null } : {}), ...paging },
        { signal },
      ),
  });
}

/** The platform's own entries (no organisation's overrides), where the built-in settings are read. */
export function platformSettingsQuery() {
  return queryOptions({
    queryKey: [...SETTINGS_KEY, 'platform'],
    queryFn: ({ signal }) => api('/setting/list', { site_id: null, pageSize: 100 }, { signal }),
  });
}

export function createSetting(input: ApiInput<'/setting/create'>) {
  return api('/setting/create', input);
}

export function updateSetting(input: ApiInput<'/setting/update'>) {
  return api('/setting/update', input);
}

export function deleteSetting(id: number) {
  return api('/setting/delete', { id });
}

// Dictionaries.

export function dictsQuery(keyword: string | undefined, paging: Paging) {
  return queryOptions({
    queryKey: [...DICTS_KEY, keyword, paging],
    queryFn: ({ signal }) => api('/dict/list', { keyword, ...paging }, { signal }),
  });
}

/** One dictionary with its items. */
export function dictDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...DICTS_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/dict/detail', { id }, { signal }),
  });
}

export function createDict(input: ApiInput<'/dict/create'>) {
  return api('/dict/create', input);
}

export function updateDict(input: ApiInput<'/dict/update'>) {
  return api('/dict/update', input);
}

export function deleteDict(id: number) {
  return api('/dict/delete', { id });
}

export function createDictItem(input: ApiInput<'/dict/item-create'>) {
  return api('/dict/item-create', input);
}

export function updateDictItem(input: ApiInput<'/dict/item-update'>) {
  return api('/dict/item-update', input);
}

export function deleteDictItem(id: number) {
  return api('/dict/item-delete', { id });
}

// Announcements.

export function announcementsQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...ANNOUNCEMENTS_KEY, filter, paging],
    queryFn: ({ signal }) => api('/system/announcement-list', { ...filter, ...paging }, { signal }),
  });
}

export function createAnnouncement(input: ApiInput<'/system/announcement-create'>) {
  return api('/system/announcement-create', input);
}

export function updateAnnouncement(input: ApiInput<'/system/announcement-update'>) {
  return api('/system/announcement-update', input);
}

export function deleteAnnouncement(id: number) {
  return api('/system/announcement-delete', { id });
}

// Logs and statistics.

export function systemLogsQuery(filter: Omit<ApiInput<'/system/logs'>, 'page' | 'pageSize'>, paging: Paging) {
  return queryOptions({
    queryKey: ['system', 'logs', filter, paging],
    queryFn: ({ signal }) => api('/system/logs', { ...filter, ...paging }, { signal }),
  });
}

/** New users, sign-ins and active users per day from `from` to `to` (YYYY-MM-DD). */
export function userStatQuery(from: string, to: string) {
  return queryOptions({
    queryKey: ['system', 'user-stat', from, to],
    queryFn: ({ signal }) => api('/system/user-stat-day-list', { from, to }, { signal }),
  });
}
