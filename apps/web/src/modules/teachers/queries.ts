import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** A change to one teacher from the manager's list. */
export type TeacherAction = 'set-blacklist' | 'set-whitelist' | 'set-top' | 'cancel-top' | 'delete';

export function teachersQuery(filter: Omit<ApiInput<'/user/teacher-list'>, 'page' | 'pageSize'>, paging: Paging) {
  return queryOptions({
    queryKey: ['teachers', 'list', filter, paging],
    queryFn: ({ signal }) => api('/user/teacher-list', { ...filter, ...paging }, { signal }),
  });
}

/** The organisation's teacher counts by state. */
export function teacherStatQuery() {
  return queryOptions({
    queryKey: ['teachers', 'stat'],
    queryFn: ({ signal }) => api('/user/teacher-stat', {}, { signal }),
  });
}

/** The manager's notices to the organisation's teachers. */
export function teacherNoticesQuery(keyword: string | undefined, paging: Paging) {
  return queryOptions({
    queryKey: ['teacher-notices', keyword, paging],
    queryFn: ({ signal }) => api('/user/teacher-notice-list', { keyword, ...paging }, { signal }),
  });
}

/** The caller's notices as a teacher, all or only the unread or read ones. */
export function noticeItemsQuery(read: 'all' | 'unread' | 'read', paging: Paging) {
  return queryOptions({
    queryKey: ['teacher-notice-items', read, paging],
    queryFn: ({ signal }) =>
      api(
        '/user/teacher-notice-item-list',
        { ...paging, ...(read === 'all' ? {} : { unread: read === 'unread' }) },
        { signal },
      ),
  });
}

/** The caller's teacher application and the form's limits. */
export function teacherApplicationQuery() {
  return queryOptions({
    queryKey: ['teacher-form'],
    queryFn: ({ signal }) => api('/user/teacher-form', {}, { signal }),
  });
}

export function applyAsTeacher(input: ApiInput<'/user/teacher-create'>) {
  return api('/user/teacher-create', input);
}

/** Passes or rejects an application (a rejection with its reason). */
export function verifyTeacher(input: ApiInput<'/user/teacher-verify'>) {
  return api('/user/teacher-verify', input);
}

export function actOnTeacher(id: number, action: TeacherAction): Promise<unknown> {
  switch (action) {
    case 'set-blacklist':
      return api('/user/teacher-set-blacklist', { id });
    case 'set-whitelist':
      return api('/user/teacher-set-whitelist', { id });
    case 'set-top':
      return api('/user/teacher-set-top', { id });
    case 'cancel-top':
      return api('/user/teacher-cancel-top', { id });
    default:
      return api('/user/teacher-delete', { id });
  }
}

/** Creates a notice, or saves one when `id` is given. */
export function saveTeacherNotice(input: ApiInput<'/user/teacher-notice-save'>) {
  return api('/user/teacher-notice-save', input);
}

/** One notice to the caller; reading it marks it read. */
export function readTeacherNotice(id: number) {
  return api('/user/teacher-notice-detail', { id });
}
