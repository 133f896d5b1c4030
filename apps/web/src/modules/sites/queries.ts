import type { ProcedurePath, TSiteDetail } from '@app/contracts';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import { USER_DETAIL_KEY } from '../../shared/session/use-user-detail.ts';

/** The filter of a paged list: its input without the paging. */
type ListFilter<P extends ProcedurePath> = Omit<ApiInput<P>, 'page' | 'pageSize'>;

/** Every organisation query starts with one of these keys, so a change refreshes lists and details together. */
export const SITES_KEY = ['sites'] as const;
export const siteKey = (id: number) => ['site', id] as const;
export const SITE_INVITATIONS_KEY = ['sites', 'invitations'] as const;
export const MY_SITE_SETTINGS_KEY = ['my-site-settings'] as const;
export const REVIEWS_KEY = ['my-site-reviews'] as const;

export async function refreshSites(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: SITES_KEY }),
    id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: siteKey(id) }),
    // The caller's own organisation may be the one changed (name, logo) and the shell shows it.
    queryClient.invalidateQueries({ queryKey: USER_DETAIL_KEY }),
  ]);
}

/** After a write: refresh the lists and the organisation's detail (or put the answered detail in place). */
export function useSitesChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id?: number, detail?: TSiteDetail) => {
      if (detail) queryClient.setQueryData(siteKey(detail.id), detail);
      await refreshSites(queryClient, detail ? undefined : id);
    },
    [queryClient],
  );
}

// The platform's organisations.

export function siteListQuery(filter: ListFilter<'/site/list'>, paging: Paging) {
  return queryOptions({
    queryKey: [...SITES_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/site/list', { ...filter, ...paging }, { signal }),
  });
}

/** Organisations to pick from, searched by keyword (the first 50). */
export function siteOptionsQuery(keyword: string) {
  return queryOptions({
    queryKey: ['sites', 'options', keyword],
    queryFn: ({ signal }) => api('/site/list', { keyword: keyword || undefined, pageSize: 50 }, { signal }),
  });
}

export function siteDetailQuery(id: number) {
  return queryOptions({
    queryKey: siteKey(id),
    queryFn: ({ signal }) => api('/site/detail', { id }, { signal }),
    staleTime: 0,
  });
}

/** The options of the organisation form and filters. */
export function siteFormQuery() {
  return queryOptions({
    queryKey: ['site-form'],
    queryFn: ({ signal }) => api('/site/form', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function placesQuery() {
  return queryOptions({
    queryKey: ['places'],
    queryFn: ({ signal }) => api('/place/list', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The provincial divisions as select options named in the current language. */
export function usePlaces() {
  const { i18n } = useTranslation();
  const places = useQuery(placesQuery());
  const zh = i18n.language.startsWith('zh');
  const options = useMemo(
    () => (places.data?.list ?? []).map((p) => ({ value: p.code, label: zh ? p.name_zh : p.name_en })),
    [places.data, zh],
  );
  return { options, isLoading: places.isLoading };
}

export function siteMembersQuery(siteId: number, filter: Omit<ListFilter<'/site/members'>, 'id'>, paging: Paging) {
  return queryOptions({
    queryKey: [...siteKey(siteId), 'members', filter, paging],
    queryFn: ({ signal }) => api('/site/members', { id: siteId, ...filter, ...paging }, { signal }),
  });
}

export function siteStatsQuery(filter: ListFilter<'/site/site-stat-list'>, paging: Paging) {
  return queryOptions({
    queryKey: ['sites', 'stats', filter, paging],
    queryFn: ({ signal }) => api('/site/site-stat-list', { ...filter, ...paging }, { signal }),
  });
}

export function siteStatSectionsQuery() {
  return queryOptions({
    queryKey: ['sites', 'stats', 'sections'],
    queryFn: ({ signal }) => api('/site/stat-by-star-section', {}, { signal }),
  });
}

export function siteStatProvincesQuery() {
  return queryOptions({
    queryKey: ['sites', 'stats', 'provinces'],
    queryFn: ({ signal }) => api('/site/stat-by-province', {}, { signal }),
  });
}

export function exportSiteStats(filter: ApiInput<'/site/site-stat-list-export'>) {
  return api('/site/site-stat-list-export', filter);
}

export function createSite(input: ApiInput<'/site/create'>) {
  return api('/site/create', input);
}

export function updateSite(input: ApiInput<'/site/update'>) {
  return api('/site/update', input);
}

export function updateSiteLogo(input: ApiInput<'/site/update-logo'>) {
  return api('/site/update-logo', input);
}

export function openSite(id: number) {
  return api('/site/open', { id });
}

export function closeSite(id: number) {
  return api('/site/close', { id });
}

export function deleteSite(id: number) {
  return api('/site/delete', { id });
}

/** Invitation links of every organisation. */
export function siteInvitationsQuery(filter: ListFilter<'/site/invitation-list'>, paging: Paging) {
  return queryOptions({
    queryKey: [...SITE_INVITATIONS_KEY, filter, paging],
    queryFn: ({ signal }) => api('/site/invitation-list', { ...filter, ...paging }, { signal }),
  });
}

export function createSiteInvitation(input: ApiInput<'/site/invitation-create'>) {
  return api('/site/invitation-create', input);
}

// The manager's own organisation (my-site).

/** One page of the people waiting for approval (the tab's badge reads the first page with the same key). */
export function pendingQuery(input: ApiInput<'/user/pending-list'>) {
  return queryOptions({
    queryKey: ['mysite', 'pending', input],
    queryFn: ({ signal }) => api('/user/pending-list', input, { signal }),
  });
}

export function approveMembers(ids: number[]) {
  return api('/user/approve', { ids });
}

export function rejectMembers(ids: number[]) {
  return api('/user/reject', { ids });
}

export function myInvitationsQuery(filter: ListFilter<'/invitation/list'>, paging: Paging) {
  return queryOptions({
    queryKey: ['mysite', 'invitations', filter, paging],
    queryFn: ({ signal }) => api('/invitation/list', { ...filter, ...paging }, { signal }),
  });
}

export function invitationDetailQuery(id: number) {
  return queryOptions({
    queryKey: ['mysite', 'invitation', id],
    queryFn: ({ signal }) => api('/invitation/detail', { id }, { signal }),
  });
}

/** A new link of the organisation (it lasts 48 h). */
export function createInvitation(input: ApiInput<'/invitation/create'>) {
  return api('/invitation/create', input);
}

export function updateInvitation(input: ApiInput<'/invitation/update'>) {
  return api('/invitation/update', input);
}

export function startInvitation(id: number) {
  return api('/invitation/start-using', { id });
}

export function stopInvitation(id: number) {
  return api('/invitation/stop-using', { id });
}

export function deleteInvitation(id: number) {
  return api('/invitation/delete', { id });
}

/** Mails the link to each address (one a line); answers those mailed and those refused. */
export function inviteEmails(emails: string) {
  return api('/invitation/invite-emails', { emails });
}

export function mySiteSettingsQuery() {
  return queryOptions({
    queryKey: MY_SITE_SETTINGS_KEY,
    queryFn: ({ signal }) => api('/site/my-settings', {}, { signal }),
    staleTime: 0,
  });
}

export function updateMySiteSettings(input: ApiInput<'/site/my-settings-update'>) {
  return api('/site/my-settings-update', input);
}

export function uploadMySiteLogo(input: ApiInput<'/site/my-logo'>) {
  return api('/site/my-logo', input);
}

/** The organisation's review gates: question review, project audit. */
export function mySiteReviewsQuery() {
  return queryOptions({
    queryKey: REVIEWS_KEY,
    queryFn: ({ signal }) => api('/site/my-reviews', {}, { signal }),
    staleTime: 0,
  });
}

export function updateMySiteReviews(change: ApiInput<'/site/my-reviews-update'>) {
  return api('/site/my-reviews-update', change);
}

export function teamGroupsQuery(filter: Omit<ListFilter<'/group/list'>, 'kind'>, paging: Paging) {
  return queryOptions({
    queryKey: ['groups', 'teams', filter, paging],
    queryFn: ({ signal }) => api('/group/list', { kind: 'team', ...filter, ...paging }, { signal }),
  });
}

/** The first 100 members of a group (enough for a transfer). */
export function groupAllMembersQuery(groupId: number) {
  return queryOptions({
    queryKey: ['groups', 'members', groupId, 'all'],
    queryFn: ({ signal }) => api('/group/user-list', { group_id: groupId, page: 1, pageSize: 100 }, { signal }),
  });
}

export function deleteGroup(id: number) {
  return api('/group/delete', { id });
}

export function transferGroupMembers(input: ApiInput<'/group/transfer'>) {
  return api('/group/transfer', input);
}

export function userTagsQuery(keyword: string | undefined) {
  return queryOptions({
    queryKey: ['groups', 'tags', keyword],
    queryFn: ({ signal }) => api('/user/tags', { keyword }, { signal }),
  });
}

export function createUserTag(name: string) {
  return api('/user/tag-create', { name });
}

export function updateUserTag(input: ApiInput<'/user/tag-update'>) {
  return api('/user/tag-update', input);
}

export function deleteUserTag(id: number) {
  return api('/user/tag-delete', { id });
}
