import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

export const CERTS_KEY = ['certificates'] as const;

type Filter<P extends '/dataset-cert-user/list' | '/certuser/list'> = Omit<ApiInput<P>, 'page' | 'pageSize'>;

/** Refetches every certificate query (templates, issued lists, my certificates) after a change. */
export function useCertsChanged(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: CERTS_KEY }), [client]);
}

export function certTemplatesQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...CERTS_KEY, 'templates', filter, paging],
    queryFn: ({ signal }) => api('/dataset-cert-code/list', { ...filter, ...paging }, { signal }),
  });
}

/** The first 100 templates, for the issue form and the template filter. */
export function certTemplateOptionsQuery() {
  return queryOptions({
    queryKey: [...CERTS_KEY, 'templates', 'options'],
    queryFn: ({ signal }) => api('/dataset-cert-code/list', { pageSize: 100 }, { signal }),
  });
}

export function issuedCertsQuery(filter: Filter<'/dataset-cert-user/list'>, paging: Paging) {
  return queryOptions({
    queryKey: [...CERTS_KEY, 'issued', filter, paging],
    queryFn: ({ signal }) => api('/dataset-cert-user/list', { ...filter, ...paging }, { signal }),
  });
}

/** Members a certificate may be issued to, searched by `keyword`. */
export function certUserOptionsQuery(keyword: string) {
  return queryOptions({
    queryKey: [...CERTS_KEY, 'user-options', keyword],
    queryFn: ({ signal }) => api('/dataset-cert-user/user-options', { keyword: keyword || undefined }, { signal }),
  });
}

/** The caller's certificates in every organisation. */
export function myCertsQuery() {
  return queryOptions({
    queryKey: [...CERTS_KEY, 'mine'],
    queryFn: ({ signal }) => api('/trainingcamp/mycerts', {}, { signal }),
  });
}

/** Every organisation's certificates by holder (platform side). */
export function platformCertsQuery(filter: Filter<'/certuser/list'>, paging: Paging) {
  return queryOptions({
    queryKey: [...CERTS_KEY, 'platform', filter, paging],
    queryFn: ({ signal }) => api('/certuser/list', { ...filter, ...paging }, { signal }),
  });
}

export function certDispenseQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...CERTS_KEY, 'dispense', filter, paging],
    queryFn: ({ signal }) => api('/certcode/dispense-list', { ...filter, ...paging }, { signal }),
  });
}

/** The organisations for the site filter (`/user/form`); null when it cannot be read. */
export function platformUserFormQuery() {
  return queryOptions({
    queryKey: ['platform-users', 'form'],
    queryFn: ({ signal }) => api('/user/form', {}, { signal }).catch(() => null),
  });
}

export function createCertTemplate(input: ApiInput<'/dataset-cert-code/create'>) {
  return api('/dataset-cert-code/create', input);
}

export function updateCertTemplate(input: ApiInput<'/dataset-cert-code/update'>) {
  return api('/dataset-cert-code/update', input);
}

export function deleteCertTemplate(id: number) {
  return api('/dataset-cert-code/delete', { id });
}

export function issueCerts(input: ApiInput<'/dataset-cert-user/issue'>) {
  return api('/dataset-cert-user/issue', input);
}

export function revokeCert(id: number, reason: string) {
  return api('/dataset-cert-user/revoke', { id, reason });
}

/** The issued certificates of the filter as a file to save. */
export function exportIssuedCerts(filter: ApiInput<'/dataset-cert-user/export'>) {
  return api('/dataset-cert-user/export', filter);
}
